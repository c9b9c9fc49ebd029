#include "svgpng.h"
#include <cairo.h>
#include <dlfcn.h>
#include <glib-object.h>
#include <librsvg/rsvg.h>
#include <png.h>
#include <pthread.h>
#include <stdlib.h>
#include <string.h>

// librsvg and cairo are opened when the first preview is drawn, not linked: linked, their forty
// libraries (glib, pango, cairo, harfbuzz, fontconfig …) were loaded by every command at start,
// doubling the start of `almanac log` (7 → 14 ms) for a picture only a site with an address has.
// Only the few calls below are made, each through a pointer of the type of the library's own
// declaration (`__typeof__` of it, from the headers `make deps` installs): the compiler checks
// every call. The PNG is written by libpng itself, not by cairo's writer: cairo's asks libpng for
// its default compression and every filter tried on every row, which took half the processor
// time of a site's previews.
#define API(name) __typeof__(name) *name
static struct {
    API(rsvg_handle_new_from_data);
    API(rsvg_handle_render_document);
    API(g_object_unref);
    API(g_error_free);
    API(cairo_image_surface_create);
    API(cairo_create);
    API(cairo_set_source_rgb);
    API(cairo_paint);
    API(cairo_destroy);
    API(cairo_surface_destroy);
    API(cairo_surface_flush);
    API(cairo_image_surface_get_data);
    API(cairo_image_surface_get_stride);
    API(png_get_libpng_ver);
    API(png_create_write_struct);
    API(png_create_info_struct);
    API(png_destroy_write_struct);
    API(png_set_longjmp_fn);
    API(png_set_write_fn);
    API(png_get_io_ptr);
    API(png_set_IHDR);
    API(png_set_compression_level);
    API(png_set_filter);
    API(png_set_filler);
    API(png_set_bgr);
    API(png_write_info);
    API(png_write_row);
    API(png_write_end);
    int loaded;
} api;

static pthread_once_t once = PTHREAD_ONCE_INIT;

// Each pointer from its library by its own name; `loaded` only when every one was found.
#define LOAD(library, name) (*(void **)&api.name = dlsym(library, #name))

static void load(void) {
    void *rsvg = dlopen("librsvg-2.so.2", RTLD_NOW | RTLD_LOCAL);
    void *cairo = dlopen("libcairo.so.2", RTLD_NOW | RTLD_LOCAL);
    void *gobject = dlopen("libgobject-2.0.so.0", RTLD_NOW | RTLD_LOCAL);
    void *glib = dlopen("libglib-2.0.so.0", RTLD_NOW | RTLD_LOCAL);
    void *png = dlopen("libpng16.so.16", RTLD_NOW | RTLD_LOCAL);
    if (!rsvg || !cairo || !gobject || !glib || !png) return;
    api.loaded = LOAD(rsvg, rsvg_handle_new_from_data) && LOAD(rsvg, rsvg_handle_render_document)
        && LOAD(gobject, g_object_unref) && LOAD(glib, g_error_free)
        && LOAD(cairo, cairo_image_surface_create) && LOAD(cairo, cairo_create) && LOAD(cairo, cairo_set_source_rgb)
        && LOAD(cairo, cairo_paint) && LOAD(cairo, cairo_destroy) && LOAD(cairo, cairo_surface_destroy)
        && LOAD(cairo, cairo_surface_flush) && LOAD(cairo, cairo_image_surface_get_data) && LOAD(cairo, cairo_image_surface_get_stride)
        && LOAD(png, png_get_libpng_ver) && LOAD(png, png_create_write_struct) && LOAD(png, png_create_info_struct)
        && LOAD(png, png_destroy_write_struct) && LOAD(png, png_set_longjmp_fn) && LOAD(png, png_set_write_fn)
        && LOAD(png, png_get_io_ptr) && LOAD(png, png_set_IHDR) && LOAD(png, png_set_compression_level)
        && LOAD(png, png_set_filter) && LOAD(png, png_set_filler) && LOAD(png, png_set_bgr)
        && LOAD(png, png_write_info) && LOAD(png, png_write_row) && LOAD(png, png_write_end);
}

typedef struct { unsigned char *data; size_t length, capacity; } Buffer;

static int append(Buffer *buffer, const unsigned char *data, size_t length) {
    if (buffer->length + length > buffer->capacity) {
        size_t capacity = buffer->capacity ? buffer->capacity : 1 << 16;
        while (capacity < buffer->length + length) capacity *= 2;
        unsigned char *grown = realloc(buffer->data, capacity);
        if (!grown) return 0;
        buffer->data = grown;
        buffer->capacity = capacity;
    }
    memcpy(buffer->data + buffer->length, data, length);
    buffer->length += length;
    return 1;
}

// libpng's output and error functions: the bytes into the buffer; an error (or a buffer that
// cannot grow) back to the setjmp of `encode`.
static void on_png_error(png_structp png, png_const_charp message) {
    (void)message;
    longjmp(*api.png_set_longjmp_fn(png, longjmp, sizeof(jmp_buf)), 1);
}

static void on_png_warning(png_structp png, png_const_charp message) { (void)png; (void)message; }

static void on_png_write(png_structp png, png_bytep data, size_t length) {
    if (!append(api.png_get_io_ptr(png), data, length)) on_png_error(png, "out of memory");
}

static void on_png_flush(png_structp png) { (void)png; }

// The surface (cairo's RGB24: each pixel 32 bits, x R G B from the top) as an 8-bit RGB PNG:
// the Sub filter on every row and zlib's fastest level (1), which encode in less time than the
// picture takes to draw. 1 when the PNG is in `output`.
static int encode(cairo_surface_t *surface, int width, int height, Buffer *output) {
    png_structp png = api.png_create_write_struct(api.png_get_libpng_ver(NULL), NULL, on_png_error, on_png_warning);
    if (!png) return 0;
    png_infop info = api.png_create_info_struct(png);
    if (!info || setjmp(*api.png_set_longjmp_fn(png, longjmp, sizeof(jmp_buf)))) {
        api.png_destroy_write_struct(&png, info ? &info : NULL);
        return 0;
    }
    api.png_set_write_fn(png, output, on_png_write, on_png_flush);
    api.png_set_IHDR(png, info, (png_uint_32)width, (png_uint_32)height, 8, PNG_COLOR_TYPE_RGB, PNG_INTERLACE_NONE,
                     PNG_COMPRESSION_TYPE_DEFAULT, PNG_FILTER_TYPE_DEFAULT);
    api.png_set_compression_level(png, 1);
    api.png_set_filter(png, PNG_FILTER_TYPE_BASE, PNG_FILTER_SUB);
    api.png_write_info(png, info);
    // Little-endian memory holds each pixel as B G R x: libpng is told so.
    api.png_set_filler(png, 0, PNG_FILLER_AFTER);
    api.png_set_bgr(png);
    api.cairo_surface_flush(surface);
    const unsigned char *data = api.cairo_image_surface_get_data(surface);
    int stride = api.cairo_image_surface_get_stride(surface);
    for (int row = 0; row < height; row++) api.png_write_row(png, data + (size_t)row * stride);
    api.png_write_end(png, NULL);
    api.png_destroy_write_struct(&png, &info);
    return 1;
}

int almanac_svg_to_png(const unsigned char *svg, size_t svg_length, int width, int height,
                       unsigned int background, int margin, unsigned char **png, size_t *png_length) {
    pthread_once(&once, load);
    if (!api.loaded) return 3;
    GError *error = NULL;
    RsvgHandle *handle = api.rsvg_handle_new_from_data(svg, svg_length, &error);
    if (!handle) {
        if (error) api.g_error_free(error);
        return 1;
    }
    cairo_surface_t *surface = api.cairo_image_surface_create(CAIRO_FORMAT_RGB24, width, height);
    cairo_t *cr = api.cairo_create(surface);
    api.cairo_set_source_rgb(cr, ((background >> 16) & 255) / 255.0, ((background >> 8) & 255) / 255.0, (background & 255) / 255.0);
    api.cairo_paint(cr);
    RsvgRectangle viewport = { margin, margin, width - 2 * margin, height - 2 * margin };
    gboolean drawn = api.rsvg_handle_render_document(handle, cr, &viewport, &error);
    if (error) api.g_error_free(error);
    api.cairo_destroy(cr);
    api.g_object_unref(handle);
    Buffer output = { NULL, 0, 0 };
    int encoded = drawn && encode(surface, width, height, &output);
    api.cairo_surface_destroy(surface);
    if (!encoded) {
        free(output.data);
        return 2;
    }
    *png = output.data;
    *png_length = output.length;
    return 0;
}
