#ifndef ALMANAC_PREVIEW_H
#define ALMANAC_PREVIEW_H
#include <stddef.h>

/// How a day's cell is drawn: filled; filled and hatched with its mark's colour (an excused
/// day); filled and crossed (a missed day); a dashed outline (not due); a thin outline (not
/// tracked).
enum { ALMANAC_CELL_FILL, ALMANAC_CELL_HATCH, ALMANAC_CELL_CROSS, ALMANAC_CELL_DASHED, ALMANAC_CELL_OUTLINE };

/// A square cell: its top left corner and side in whole pixels, colours 0xRRGGBB.
typedef struct {
    double x, y, size;
    unsigned int fill, mark;
    int kind;
} almanac_cell;

/// One line of text (UTF-8), its baseline's left end at (x, baseline), `size` pixels high, cut
/// with an ellipsis beyond `width` pixels.
typedef struct {
    const char *utf8;
    double x, baseline, size, width;
    unsigned int color;
    int bold;
} almanac_text;

/// Draws a width × height picture (the background, the cells, the texts: cairo, the texts laid
/// out by Pango) and encodes it as a PNG with a palette of its colours. On success *png holds
/// the PNG's bytes (free() them) and 0 is returned; 2: it could not be drawn or encoded, 3:
/// Pango, cairo or libpng is not installed.
int almanac_draw_preview(int width, int height, unsigned int background, const almanac_cell *cells, size_t cell_count,
                         const almanac_text *texts, size_t text_count, unsigned char **png, size_t *png_length);

#endif
