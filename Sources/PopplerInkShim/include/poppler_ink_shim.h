#pragma once
// A plain-C face over poppler's Splash renderer (Debian's libpoppler-private-dev, C++), for the
// one raster poppler-glib cannot make: a text-layer page's ruling raster, drawn without the
// pictures beside its text and without its glyphs. Decoding those pictures (JPEG, JPEG 2000, ICC
// transforms) and scaling them down was most of that raster's cost on real report PDFs.
//
// Contract: no C++ exception crosses this boundary; the pixels are borrowed (see
// `quire_ink_pixels`); one thread uses a document at a time.

#ifdef __cplusplus
extern "C" {
#endif

/// An open PDF and its renderer.
typedef struct quire_ink_document quire_ink_document;

/// Opens `path` (`password`: NULL for none; used as both the owner and the user password, as
/// poppler-glib does). NULL on failure, with poppler's error code in `*error` (ErrorCodes.h:
/// 1 the file cannot be opened, 4 encrypted and the password is missing or wrong, others damaged).
quire_ink_document *quire_ink_open(const char *path, const char *password, int *error);

void quire_ink_close(quire_ink_document *document);

int quire_ink_page_count(quire_ink_document *document);

/// Renders page `page` (1-based) at `dpi` as 8-bit gray on white paper, /Rotate and the crop box
/// applied: its lines, fills and marks, and the images that one of `word_count` word centres
/// (`word_centres`: x, y pairs in the render's pixels) lies over; no other image and no glyph.
/// 0 on success; the gray rows are then `quire_ink_pixels`'s until the next render.
int quire_ink_render(quire_ink_document *document, int page, double dpi, const double *word_centres,
                     int word_count);

/// The last render's gray bytes (row `y` at `pixels + y * row_size`), its width and height.
/// Borrowed: valid until the next render or `quire_ink_close`.
const unsigned char *quire_ink_pixels(quire_ink_document *document, int *width, int *height, int *row_size);

#ifdef __cplusplus
}
#endif
