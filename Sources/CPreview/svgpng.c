#include "svgpng.h"
#include <dlfcn.h>
#include <pthread.h>
#include <setjmp.h>
#include <stdlib.h>
#include <string.h>

// librsvg and cairo are opened when the first preview is drawn, not linked: linked, their forty
// libraries (glib, pango, cairo, harfbuzz, fontconfig …) were loaded by every command at start,
// doubling the start of `almanac log` (7 → 14 ms) for a picture only a site with an address has.
// Only the few calls below are made; their types are declared as the libraries' stable ABIs
// (librsvg-2.so.2, libcairo.so.2, libpng16.so.16) define them. The PNG is written by libpng
// itself, not by cairo's writer: cairo's asks libpng for its default compression and every
// filter tried on every row, which took half the processor time of a site's previews.
typedef struct RsvgHandle RsvgHandle;
typedef struct GError GError;
typedef struct { double x, y, width, height; } RsvgRectangle;
typedef struct cairo_surface cairo_surface_t;
typedef struct cairo cairo_t;
enum { CAIRO_FORMAT_RGB24 = 1 };

static struct {
    RsvgHandle *(*new_from_data)(const unsigned char *, size_t, GError **);
    int (*render_document)(RsvgHandle *, cairo_t *, const RsvgRectangle *, GError **);
    void (*object_unref)(void *);
    void (*error_free)(GError *);
    cairo_surface_t *(*image_surface_create)(int, int, int);
    cairo_t *(*create)(cairo_surface_t *);
    void (*set_source_rgb)(cairo_t *, double, double, double);
    void (*paint)(cairo_t *);
    void (*destroy)(cairo_t *);
    void (*surface_destroy)(cairo_surface_t *);
    void (*surface_flush)(cairo_surface_t *);
    unsigned char *(*surface_data)(cairo_surface_t *);
    int (*surface_stride)(cairo_surface_t *);
    // libpng 1.6
    const char *(*png_version)(void *);
    void *(*png_create)(const char *, void *, void (*)(void *, const char *), void (*)(void *, const char *));
    void *(*png_info)(void *);
    void (*png_destroy)(void **, void **);
    jmp_buf *(*png_longjmp_fn)(void *, void (*)(jmp_buf, int), size_t);
    void (*png_write_fn)(void *, void *, void (*)(void *, unsigned char *, size_t), void (*)(void *));
    void *(*png_io)(void *);
    void (*png_ihdr)(void *, void *, unsigned, unsigned, int, int, int, int, int);
    void (*png_level)(void *, int);
    void (*png_filter)(void *, int, int);
    void (*png_filler)(void *, unsigned, int);
    void (*png_bgr)(void *);
    void (*png_info_write)(void *, void *);
    void (*png_row)(void *, const unsigned char *);
    void (*png_end)(void *, void *);
    int loaded;
} api;

static pthread_once_t once = PTHREAD_ONCE_INIT;

static void load(void) {
    void *rsvg = dlopen("librsvg-2.so.2", RTLD_NOW | RTLD_LOCAL);
    void *cairo = dlopen("libcairo.so.2", RTLD_NOW | RTLD_LOCAL);
    void *gobject = dlopen("libgobject-2.0.so.0", RTLD_NOW | RTLD_LOCAL);
    void *glib = dlopen("libglib-2.0.so.0", RTLD_NOW | RTLD_LOCAL);
    void *png = dlopen("libpng16.so.16", RTLD_NOW | RTLD_LOCAL);
    if (!rsvg || !cairo || !gobject || !glib || !png) return;
    *(void **)&api.new_from_data = dlsym(rsvg, "rsvg_handle_new_from_data");
    *(void **)&api.render_document = dlsym(rsvg, "rsvg_handle_render_document");
    *(void **)&api.object_unref = dlsym(gobject, "g_object_unref");
    *(void **)&api.error_free = dlsym(glib, "g_error_free");
    *(void **)&api.image_surface_create = dlsym(cairo, "cairo_image_surface_create");
    *(void **)&api.create = dlsym(cairo, "cairo_create");
    *(void **)&api.set_source_rgb = dlsym(cairo, "cairo_set_source_rgb");
    *(void **)&api.paint = dlsym(cairo, "cairo_paint");
    *(void **)&api.destroy = dlsym(cairo, "cairo_destroy");
    *(void **)&api.surface_destroy = dlsym(cairo, "cairo_surface_destroy");
    *(void **)&api.surface_flush = dlsym(cairo, "cairo_surface_flush");
    *(void **)&api.surface_data = dlsym(cairo, "cairo_image_surface_get_data");
    *(void **)&api.surface_stride = dlsym(cairo, "cairo_image_surface_get_stride");
    *(void **)&api.png_version = dlsym(png, "png_get_libpng_ver");
    *(void **)&api.png_create = dlsym(png, "png_create_write_struct");
    *(void **)&api.png_info = dlsym(png, "png_create_info_struct");
    *(void **)&api.png_destroy = dlsym(png, "png_destroy_write_struct");
    *(void **)&api.png_longjmp_fn = dlsym(png, "png_set_longjmp_fn");
    *(void **)&api.png_write_fn = dlsym(png, "png_set_write_fn");
    *(void **)&api.png_io = dlsym(png, "png_get_io_ptr");
    *(void **)&api.png_ihdr = dlsym(png, "png_set_IHDR");
    *(void **)&api.png_level = dlsym(png, "png_set_compression_level");
    *(void **)&api.png_filter = dlsym(png, "png_set_filter");
    *(void **)&api.png_filler = dlsym(png, "png_set_filler");
    *(void **)&api.png_bgr = dlsym(png, "png_set_bgr");
    *(void **)&api.png_info_write = dlsym(png, "png_write_info");
    *(void **)&api.png_row = dlsym(png, "png_write_row");
    *(void **)&api.png_end = dlsym(png, "png_write_end");
    api.loaded = api.new_from_data && api.render_document && api.object_unref && api.error_free && api.image_surface_create
        && api.create && api.set_source_rgb && api.paint && api.destroy && api.surface_destroy && api.surface_flush
        && api.surface_data && api.surface_stride && api.png_version && api.png_create && api.png_info && api.png_destroy
        && api.png_longjmp_fn && api.png_write_fn && api.png_io && api.png_ihdr && api.png_level && api.png_filter
        && api.png_filler && api.png_bgr && api.png_info_write && api.png_row && api.png_end;
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
static void on_png_error(void *png, const char *message) {
    (void)message;
    longjmp(*api.png_longjmp_fn(png, longjmp, sizeof(jmp_buf)), 1);
}

static void on_png_warning(void *png, const char *message) { (void)png; (void)message; }

static void on_png_write(void *png, unsigned char *data, size_t length) {
    if (!append(api.png_io(png), data, length)) on_png_error(png, "out of memory");
}

static void on_png_flush(void *png) { (void)png; }

// The surface (cairo's RGB24: each pixel 32 bits, x R G B from the top) as an 8-bit RGB PNG:
// the Sub filter on every row and zlib's fastest level (1), which encode in less time than the
// picture takes to draw. 1 when the PNG is in `output`.
static int encode(cairo_surface_t *surface, int width, int height, Buffer *output) {
    void *png = api.png_create(api.png_version(NULL), NULL, on_png_error, on_png_warning);
    if (!png) return 0;
    void *info = api.png_info(png);
    if (!info || setjmp(*api.png_longjmp_fn(png, longjmp, sizeof(jmp_buf)))) {
        api.png_destroy(&png, info ? &info : NULL);
        return 0;
    }
    api.png_write_fn(png, output, on_png_write, on_png_flush);
    api.png_ihdr(png, info, (unsigned)width, (unsigned)height, 8, 2 /* RGB */, 0, 0, 0);
    api.png_level(png, 1);
    api.png_filter(png, 0, 0x10 /* PNG_FILTER_SUB */);
    api.png_info_write(png, info);
    // Little-endian memory holds each pixel as B G R x: libpng is told so.
    api.png_filler(png, 0, 1 /* PNG_FILLER_AFTER */);
    api.png_bgr(png);
    api.surface_flush(surface);
    const unsigned char *data = api.surface_data(surface);
    int stride = api.surface_stride(surface);
    for (int row = 0; row < height; row++) api.png_row(png, data + (size_t)row * stride);
    api.png_end(png, NULL);
    api.png_destroy(&png, &info);
    return 1;
}

int almanac_svg_to_png(const unsigned char *svg, size_t svg_length, int width, int height,
                       unsigned int background, int margin, unsigned char **png, size_t *png_length) {
    pthread_once(&once, load);
    if (!api.loaded) return 3;
    GError *error = NULL;
    RsvgHandle *handle = api.new_from_data(svg, svg_length, &error);
    if (!handle) {
        if (error) api.error_free(error);
        return 1;
    }
    cairo_surface_t *surface = api.image_surface_create(CAIRO_FORMAT_RGB24, width, height);
    cairo_t *cr = api.create(surface);
    api.set_source_rgb(cr, ((background >> 16) & 255) / 255.0, ((background >> 8) & 255) / 255.0, (background & 255) / 255.0);
    api.paint(cr);
    RsvgRectangle viewport = { margin, margin, width - 2 * margin, height - 2 * margin };
    int drawn = api.render_document(handle, cr, &viewport, &error);
    if (error) api.error_free(error);
    api.destroy(cr);
    api.object_unref(handle);
    Buffer output = { NULL, 0, 0 };
    int encoded = drawn && encode(surface, width, height, &output);
    api.surface_destroy(surface);
    if (!encoded) {
        free(output.data);
        return 2;
    }
    *png = output.data;
    *png_length = output.length;
    return 0;
}
