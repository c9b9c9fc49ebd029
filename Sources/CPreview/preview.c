#include "preview.h"
#include <cairo.h>
#include <dlfcn.h>
#include <pango/pangocairo.h>
#include <png.h>
#include <pthread.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

// Pango, cairo and libpng are opened when the first preview is drawn, not linked: linked, their
// thirty libraries (glib, harfbuzz, fontconfig, freetype …) were loaded by every command at
// start, doubling the start of `almanac log` for a picture only a site with an address has. Only
// the calls below are made, each through a pointer of the type of the library's own declaration
// (`__typeof__` of it, from the headers `make deps` installs): the compiler checks every call.
#define API(name) __typeof__(name) *name
static struct {
    API(g_object_unref);
    API(pango_cairo_create_layout);
    API(pango_cairo_update_layout);
    API(pango_cairo_show_layout);
    API(pango_font_description_from_string);
    API(pango_font_description_set_absolute_size);
    API(pango_font_description_set_weight);
    API(pango_font_description_free);
    API(pango_layout_set_font_description);
    API(pango_layout_set_text);
    API(pango_layout_set_width);
    API(pango_layout_set_ellipsize);
    API(pango_layout_get_baseline);
    API(pango_layout_get_pixel_extents);
    API(cairo_image_surface_create);
    API(cairo_image_surface_get_data);
    API(cairo_image_surface_get_stride);
    API(cairo_surface_flush);
    API(cairo_surface_mark_dirty);
    API(cairo_surface_destroy);
    API(cairo_create);
    API(cairo_destroy);
    API(cairo_save);
    API(cairo_restore);
    API(cairo_translate);
    API(cairo_set_antialias);
    API(cairo_set_source_rgb);
    API(cairo_paint);
    API(cairo_new_path);
    API(cairo_rectangle);
    API(cairo_move_to);
    API(cairo_line_to);
    API(cairo_fill);
    API(cairo_fill_preserve);
    API(cairo_clip);
    API(cairo_stroke);
    API(cairo_set_line_width);
    API(cairo_set_line_cap);
    API(cairo_set_dash);
    API(cairo_mask_surface);
    API(png_get_libpng_ver);
    API(png_create_write_struct);
    API(png_create_info_struct);
    API(png_destroy_write_struct);
    API(png_set_longjmp_fn);
    API(png_set_write_fn);
    API(png_get_io_ptr);
    API(png_set_IHDR);
    API(png_set_PLTE);
    API(png_set_compression_level);
    API(png_set_filter);
    API(png_set_check_for_invalid_index);
    API(png_write_info);
    API(png_write_row);
    API(png_write_end);
    int loaded;
} api;

static pthread_once_t once = PTHREAD_ONCE_INIT;

// Each pointer from its library by its own name; `loaded` only when every one was found.
#define LOAD(library, name) (*(void **)&api.name = dlsym(library, #name))

static void load(void) {
    void *pangocairo = dlopen("libpangocairo-1.0.so.0", RTLD_NOW | RTLD_LOCAL);
    void *pango = dlopen("libpango-1.0.so.0", RTLD_NOW | RTLD_LOCAL);
    void *cairo = dlopen("libcairo.so.2", RTLD_NOW | RTLD_LOCAL);
    void *gobject = dlopen("libgobject-2.0.so.0", RTLD_NOW | RTLD_LOCAL);
    void *png = dlopen("libpng16.so.16", RTLD_NOW | RTLD_LOCAL);
    if (!pangocairo || !pango || !cairo || !gobject || !png) return;
    api.loaded = LOAD(gobject, g_object_unref)
        && LOAD(pangocairo, pango_cairo_create_layout) && LOAD(pangocairo, pango_cairo_update_layout)
        && LOAD(pangocairo, pango_cairo_show_layout) && LOAD(pango, pango_font_description_from_string)
        && LOAD(pango, pango_font_description_set_absolute_size) && LOAD(pango, pango_font_description_set_weight)
        && LOAD(pango, pango_font_description_free) && LOAD(pango, pango_layout_set_font_description)
        && LOAD(pango, pango_layout_set_text) && LOAD(pango, pango_layout_set_width) && LOAD(pango, pango_layout_set_ellipsize)
        && LOAD(pango, pango_layout_get_baseline) && LOAD(pango, pango_layout_get_pixel_extents)
        && LOAD(cairo, cairo_image_surface_create) && LOAD(cairo, cairo_image_surface_get_data)
        && LOAD(cairo, cairo_image_surface_get_stride) && LOAD(cairo, cairo_surface_flush) && LOAD(cairo, cairo_surface_mark_dirty)
        && LOAD(cairo, cairo_surface_destroy) && LOAD(cairo, cairo_create) && LOAD(cairo, cairo_destroy)
        && LOAD(cairo, cairo_save) && LOAD(cairo, cairo_restore) && LOAD(cairo, cairo_translate) && LOAD(cairo, cairo_set_antialias)
        && LOAD(cairo, cairo_set_source_rgb) && LOAD(cairo, cairo_paint) && LOAD(cairo, cairo_new_path)
        && LOAD(cairo, cairo_rectangle) && LOAD(cairo, cairo_move_to) && LOAD(cairo, cairo_line_to)
        && LOAD(cairo, cairo_fill) && LOAD(cairo, cairo_fill_preserve) && LOAD(cairo, cairo_clip) && LOAD(cairo, cairo_stroke)
        && LOAD(cairo, cairo_set_line_width) && LOAD(cairo, cairo_set_line_cap) && LOAD(cairo, cairo_set_dash)
        && LOAD(cairo, cairo_mask_surface)
        && LOAD(png, png_get_libpng_ver) && LOAD(png, png_create_write_struct) && LOAD(png, png_create_info_struct)
        && LOAD(png, png_destroy_write_struct) && LOAD(png, png_set_longjmp_fn) && LOAD(png, png_set_write_fn)
        && LOAD(png, png_get_io_ptr) && LOAD(png, png_set_IHDR) && LOAD(png, png_set_PLTE)
        && LOAD(png, png_set_compression_level) && LOAD(png, png_set_filter) && LOAD(png, png_set_check_for_invalid_index)
        && LOAD(png, png_write_info) && LOAD(png, png_write_row) && LOAD(png, png_write_end);
}

static void set_color(cairo_t *cr, unsigned int rgb) {
    api.cairo_set_source_rgb(cr, ((rgb >> 16) & 255) / 255.0, ((rgb >> 8) & 255) / 255.0, (rgb & 255) / 255.0);
}

// A cell as its kind draws it: a square in whole pixels, drawn without antialiasing in the few
// colours it has (a picture of flat colours that a palette holds; cairo fills such a square as a
// box, in a quarter of the time a rounded one took).
static void draw_cell(cairo_t *cr, const almanac_cell *cell) {
    double x = cell->x, y = cell->y, s = cell->size, unit = s / 11;   // a unit of an 11-px SVG cell
    api.cairo_new_path(cr);
    api.cairo_rectangle(cr, x, y, s, s);
    switch (cell->kind) {
    case ALMANAC_CELL_DASHED: {
        double dashes[] = { 2 * unit, 1.5 * unit };
        api.cairo_set_dash(cr, dashes, 2, 0);
        api.cairo_set_line_width(cr, unit);
        set_color(cr, cell->mark);
        api.cairo_stroke(cr);
        api.cairo_set_dash(cr, NULL, 0, 0);
        return;
    }
    case ALMANAC_CELL_OUTLINE:
        api.cairo_set_line_width(cr, unit < 2 ? 1 : unit / 2);
        set_color(cr, cell->mark);
        api.cairo_stroke(cr);
        return;
    }
    set_color(cr, cell->fill);
    if (cell->kind == ALMANAC_CELL_FILL) {
        api.cairo_fill(cr);
        return;
    }
    api.cairo_save(cr);
    api.cairo_fill_preserve(cr);
    api.cairo_clip(cr);
    set_color(cr, cell->mark);
    api.cairo_new_path(cr);
    if (cell->kind == ALMANAC_CELL_HATCH) {
        // Lines at 45° every 4 units, 1.5 units wide, as the site's hatch pattern.
        api.cairo_set_line_width(cr, 1.5 * unit);
        for (double d = -s; d < s; d += 4 * unit) {
            api.cairo_move_to(cr, x + d, y + s);
            api.cairo_line_to(cr, x + d + s, y);
        }
    } else {
        api.cairo_set_line_width(cr, 0.12 * s);
        api.cairo_set_line_cap(cr, CAIRO_LINE_CAP_ROUND);
        api.cairo_move_to(cr, x + 0.28 * s, y + 0.28 * s);
        api.cairo_line_to(cr, x + 0.72 * s, y + 0.72 * s);
        api.cairo_move_to(cr, x + 0.72 * s, y + 0.28 * s);
        api.cairo_line_to(cr, x + 0.28 * s, y + 0.72 * s);
    }
    api.cairo_stroke(cr);
    api.cairo_restore(cr);
}

// A line of text, laid out by Pango (shaping, direction, fallback fonts) into a mask whose
// coverage is rounded to four steps, then painted through it in the text's colour: smooth edges
// in three shades of each text colour, not the hundreds a palette could not hold (a preview of
// two text colours and a habit's cells then has at most 16 colours: four bits a pixel).
static int draw_text(cairo_t *cr, const almanac_text *text) {
    PangoLayout *layout = api.pango_cairo_create_layout(cr);
    PangoFontDescription *font = api.pango_font_description_from_string("DejaVu Sans");
    api.pango_font_description_set_absolute_size(font, text->size * PANGO_SCALE);
    api.pango_font_description_set_weight(font, text->bold ? PANGO_WEIGHT_BOLD : PANGO_WEIGHT_NORMAL);
    api.pango_layout_set_font_description(layout, font);
    api.pango_font_description_free(font);
    api.pango_layout_set_text(layout, text->utf8, -1);
    if (text->width > 0) {
        api.pango_layout_set_width(layout, (int)(text->width * PANGO_SCALE));
        api.pango_layout_set_ellipsize(layout, PANGO_ELLIPSIZE_END);
    }
    PangoRectangle ink;
    api.pango_layout_get_pixel_extents(layout, &ink, NULL);
    double top = text->baseline - api.pango_layout_get_baseline(layout) / (double)PANGO_SCALE;
    int drawn = 1;
    if (ink.width > 0 && ink.height > 0) {
        cairo_surface_t *mask = api.cairo_image_surface_create(CAIRO_FORMAT_A8, ink.width + 2, ink.height + 2);
        cairo_t *m = api.cairo_create(mask);
        api.cairo_translate(m, 1 - ink.x, 1 - ink.y);
        api.pango_cairo_update_layout(m, layout);
        api.pango_cairo_show_layout(m, layout);
        api.cairo_destroy(m);
        api.cairo_surface_flush(mask);
        unsigned char *data = api.cairo_image_surface_get_data(mask);
        int stride = api.cairo_image_surface_get_stride(mask);
        if (!data) drawn = 0;
        for (int row = 0; data && row < ink.height + 2; row++)
            for (int column = 0; column < ink.width + 2; column++) {
                unsigned char *a = data + (size_t)row * stride + column;
                *a = (unsigned char)((*a * 3 + 127) / 255 * 255 / 3);
            }
        api.cairo_surface_mark_dirty(mask);
        set_color(cr, text->color);
        api.cairo_mask_surface(cr, mask, text->x + ink.x - 1, top + ink.y - 1);
        api.cairo_surface_destroy(mask);
    }
    api.g_object_unref(layout);
    return drawn;
}

typedef struct { unsigned char *data; size_t length, capacity; } Buffer;

static int append(Buffer *buffer, const unsigned char *data, size_t length) {
    if (buffer->length + length > buffer->capacity) {
        size_t capacity = buffer->capacity ? buffer->capacity : 1 << 15;
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

// The palette of a picture: its colours in the order first met, found by a small hash of them.
// A picture with more than 256 (none that Almanac draws) has each further colour drawn in the
// nearest one it holds.
typedef struct {
    png_color colors[256];
    uint32_t keys[256];
    int count;
    int16_t slots[1024];   // -1: empty; else an index into colors
} Palette;

static int palette_index(Palette *palette, uint32_t rgb) {
    unsigned slot = (rgb * 2654435761u) >> 22;
    while (palette->slots[slot] >= 0) {
        if (palette->keys[palette->slots[slot]] == rgb) return palette->slots[slot];
        slot = (slot + 1) & 1023;
    }
    int r = (rgb >> 16) & 255, g = (rgb >> 8) & 255, b = rgb & 255;
    if (palette->count == 256) {
        int best = 0, distance = 1 << 30;
        for (int i = 0; i < 256; i++) {
            int dr = palette->colors[i].red - r, dg = palette->colors[i].green - g, db = palette->colors[i].blue - b;
            int d = dr * dr + dg * dg + db * db;
            if (d < distance) { distance = d; best = i; }
        }
        return best;
    }
    int index = palette->count++;
    palette->keys[index] = rgb;
    palette->colors[index] = (png_color){ (png_byte)r, (png_byte)g, (png_byte)b };
    palette->slots[slot] = (int16_t)index;
    return index;
}

// A run of pixels of one colour in a row: where it ends (the next one starts there) and its
// colour's index in the palette.
typedef struct { int end; int index; } Run;

// Pixels `from` to `to` (not included) of a packed row set to `index`, `depth` bits a pixel, the
// first pixel in the highest bits: a byte at a time where the run covers whole bytes. The row
// starts as zeros.
static void fill(unsigned char *line, int from, int to, int index, int depth) {
    int perLog = depth == 1 ? 3 : depth == 2 ? 2 : depth == 4 ? 1 : 0, per = 1 << perLog;   // pixels a byte
    for (; from < to && (from & (per - 1)); from++) line[from >> perLog] |= (unsigned char)(index << (8 - depth * ((from & (per - 1)) + 1)));
    int whole = from + ((to - from) >> perLog << perLog);
    if (whole > from) memset(line + (from >> perLog), index * (255 / ((1 << depth) - 1)), (size_t)((whole - from) >> perLog));
    for (from = whole; from < to; from++) line[from >> perLog] |= (unsigned char)(index << (8 - depth * ((from & (per - 1)) + 1)));
}

// The surface (cairo's RGB24: each pixel 32 bits, x R G B) as a PNG of palette indices, one to
// eight bits a pixel as few as its colours need, unfiltered (as a palette's rows compress best),
// at zlib's fastest level (1): deflating the rows is most of the time a preview takes, and about
// proportional to their bytes. Each row is read as its runs of one colour (a few dozen: the
// background, cells, text) while the palette is made; once its size says how many bits a pixel
// takes, the rows are packed run by run. 1 when the PNG is in `output`.
static int encode(cairo_surface_t *surface, int width, int height, Buffer *output) {
    api.cairo_surface_flush(surface);
    const unsigned char *data = api.cairo_image_surface_get_data(surface);
    int stride = api.cairo_image_surface_get_stride(surface);
    Run *runs = malloc(sizeof(Run) * (size_t)width * height);   // as many as pixels at the most
    size_t *rowEnds = malloc(sizeof(size_t) * (size_t)height);
    unsigned char *line = malloc((size_t)width);
    Palette *palette = malloc(sizeof(Palette));
    if (!data || !runs || !rowEnds || !line || !palette) { free(runs); free(rowEnds); free(line); free(palette); return 0; }
    palette->count = 0;
    memset(palette->slots, 0xff, sizeof palette->slots);
    size_t count = 0;
    for (int row = 0; row < height; row++) {
        const uint32_t *pixels = (const uint32_t *)(data + (size_t)row * stride);
        for (int column = 0, end; column < width; column = end) {
            uint32_t rgb = pixels[column] & 0xffffff;
            for (end = column + 1; end < width && (pixels[end] & 0xffffff) == rgb; end++) {}
            runs[count++] = (Run){ end, palette_index(palette, rgb) };
        }
        rowEnds[row] = count;
    }
    int depth = palette->count <= 2 ? 1 : palette->count <= 4 ? 2 : palette->count <= 16 ? 4 : 8;
    int encoded = 0;
    png_structp png = api.png_create_write_struct(api.png_get_libpng_ver(NULL), NULL, on_png_error, on_png_warning);
    png_infop info = png ? api.png_create_info_struct(png) : NULL;
    if (info && !setjmp(*api.png_set_longjmp_fn(png, longjmp, sizeof(jmp_buf)))) {
        api.png_set_write_fn(png, output, on_png_write, on_png_flush);
        api.png_set_IHDR(png, info, (png_uint_32)width, (png_uint_32)height, depth, PNG_COLOR_TYPE_PALETTE, PNG_INTERLACE_NONE,
                         PNG_COMPRESSION_TYPE_DEFAULT, PNG_FILTER_TYPE_DEFAULT);
        api.png_set_PLTE(png, info, palette->colors, palette->count);
        api.png_set_compression_level(png, 1);
        api.png_set_filter(png, PNG_FILTER_TYPE_BASE, PNG_FILTER_NONE);
        // Every index is one of the palette's by construction: libpng's check of each pixel
        // against the palette's size (for images it did not make) took a tenth of a preview.
        api.png_set_check_for_invalid_index(png, 0);
        api.png_write_info(png, info);
        // Rows handed over packed (libpng's own packing took longer than deflating them).
        for (int row = 0; row < height; row++) {
            memset(line, 0, (size_t)width);
            int column = 0;
            for (size_t run = row ? rowEnds[row - 1] : 0; run < rowEnds[row]; run++) {
                fill(line, column, runs[run].end, runs[run].index, depth);
                column = runs[run].end;
            }
            api.png_write_row(png, line);
        }
        api.png_write_end(png, NULL);
        encoded = 1;
    }
    if (png) api.png_destroy_write_struct(&png, info ? &info : NULL);
    free(runs);
    free(rowEnds);
    free(line);
    free(palette);
    return encoded;
}

int almanac_draw_preview(int width, int height, unsigned int background, const almanac_cell *cells, size_t cell_count,
                         const almanac_text *texts, size_t text_count, unsigned char **png, size_t *png_length) {
    pthread_once(&once, load);
    if (!api.loaded) return 3;
    cairo_surface_t *surface = api.cairo_image_surface_create(CAIRO_FORMAT_RGB24, width, height);
    cairo_t *cr = api.cairo_create(surface);
    set_color(cr, background);
    api.cairo_paint(cr);
    api.cairo_set_antialias(cr, CAIRO_ANTIALIAS_NONE);
    for (size_t i = 0; i < cell_count; i++) draw_cell(cr, &cells[i]);
    int drawn = 1;
    for (size_t i = 0; i < text_count; i++) drawn &= draw_text(cr, &texts[i]);
    api.cairo_destroy(cr);
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
