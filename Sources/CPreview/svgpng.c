#include "svgpng.h"
#include <dlfcn.h>
#include <pthread.h>
#include <stdlib.h>
#include <string.h>

// librsvg and cairo are opened when the first preview is drawn, not linked: linked, their forty
// libraries (glib, pango, cairo, harfbuzz, fontconfig …) were loaded by every command at start,
// doubling the start of `almanac log` (7 → 14 ms) for a picture only a site with an address has.
// Only the few calls below are made; their types are declared as the libraries' stable ABIs
// (librsvg-2.so.2, libcairo.so.2) define them.
typedef struct RsvgHandle RsvgHandle;
typedef struct GError GError;
typedef struct { double x, y, width, height; } RsvgRectangle;
typedef struct cairo_surface cairo_surface_t;
typedef struct cairo cairo_t;
typedef int cairo_status_t;
typedef cairo_status_t (*cairo_write_func_t)(void *closure, const unsigned char *data, unsigned int length);
enum { CAIRO_STATUS_SUCCESS = 0, CAIRO_STATUS_NO_MEMORY = 1, CAIRO_FORMAT_RGB24 = 1 };

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
    cairo_status_t (*write_to_png_stream)(cairo_surface_t *, cairo_write_func_t, void *);
    void (*surface_destroy)(cairo_surface_t *);
    int loaded;
} api;

static pthread_once_t once = PTHREAD_ONCE_INIT;

static void load(void) {
    void *rsvg = dlopen("librsvg-2.so.2", RTLD_NOW | RTLD_LOCAL);
    void *cairo = dlopen("libcairo.so.2", RTLD_NOW | RTLD_LOCAL);
    void *gobject = dlopen("libgobject-2.0.so.0", RTLD_NOW | RTLD_LOCAL);
    void *glib = dlopen("libglib-2.0.so.0", RTLD_NOW | RTLD_LOCAL);
    if (!rsvg || !cairo || !gobject || !glib) return;
    *(void **)&api.new_from_data = dlsym(rsvg, "rsvg_handle_new_from_data");
    *(void **)&api.render_document = dlsym(rsvg, "rsvg_handle_render_document");
    *(void **)&api.object_unref = dlsym(gobject, "g_object_unref");
    *(void **)&api.error_free = dlsym(glib, "g_error_free");
    *(void **)&api.image_surface_create = dlsym(cairo, "cairo_image_surface_create");
    *(void **)&api.create = dlsym(cairo, "cairo_create");
    *(void **)&api.set_source_rgb = dlsym(cairo, "cairo_set_source_rgb");
    *(void **)&api.paint = dlsym(cairo, "cairo_paint");
    *(void **)&api.destroy = dlsym(cairo, "cairo_destroy");
    *(void **)&api.write_to_png_stream = dlsym(cairo, "cairo_surface_write_to_png_stream");
    *(void **)&api.surface_destroy = dlsym(cairo, "cairo_surface_destroy");
    api.loaded = api.new_from_data && api.render_document && api.object_unref && api.error_free && api.image_surface_create
        && api.create && api.set_source_rgb && api.paint && api.destroy && api.write_to_png_stream && api.surface_destroy;
}

typedef struct { unsigned char *data; size_t length, capacity; } Buffer;

static cairo_status_t append(void *closure, const unsigned char *data, unsigned int length) {
    Buffer *buffer = closure;
    if (buffer->length + length > buffer->capacity) {
        size_t capacity = buffer->capacity ? buffer->capacity : 1 << 16;
        while (capacity < buffer->length + length) capacity *= 2;
        unsigned char *grown = realloc(buffer->data, capacity);
        if (!grown) return CAIRO_STATUS_NO_MEMORY;
        buffer->data = grown;
        buffer->capacity = capacity;
    }
    memcpy(buffer->data + buffer->length, data, length);
    buffer->length += length;
    return CAIRO_STATUS_SUCCESS;
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
    Buffer buffer = { NULL, 0, 0 };
    cairo_status_t status = drawn ? api.write_to_png_stream(surface, append, &buffer) : -1;
    api.surface_destroy(surface);
    if (status != CAIRO_STATUS_SUCCESS) {
        free(buffer.data);
        return 2;
    }
    *png = buffer.data;
    *png_length = buffer.length;
    return 0;
}
