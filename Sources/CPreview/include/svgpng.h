#ifndef ALMANAC_SVGPNG_H
#define ALMANAC_SVGPNG_H
#include <stddef.h>

/// Renders an SVG document into a width × height PNG: the background colour (0xRRGGBB) first,
/// then the document fitted, centred, inside `margin` pixels of it (librsvg over cairo). On
/// success *png holds the PNG's bytes (free() them) and 0 is returned; 1: the SVG could not be
/// read, 2: it could not be drawn or encoded, 3: librsvg, cairo or libpng is not installed.
int almanac_svg_to_png(const unsigned char *svg, size_t svg_length, int width, int height,
                       unsigned int background, int margin, unsigned char **png, size_t *png_length);

#endif
