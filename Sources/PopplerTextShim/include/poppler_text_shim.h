#pragma once
// A plain-C face over the text poppler-glib has already laid out for a page (its cached
// `TextPage`, Debian's libpoppler-private-dev, C++), read in one pass.
//
// poppler-glib hands the same text out through three calls, `poppler_page_get_text`,
// `poppler_page_get_text_layout` and `poppler_page_get_text_attributes`: each walks the page's
// selection again, and the attributes copy every font run's name. This reads the characters, their
// boxes and their fonts in one walk of the same selection, in the same order and with the same
// boxes, spaces and line ends as those three calls give.
//
// A page with right-to-left characters is read line by line instead: poppler's whole-page
// selection loses lines of such a page (see poppler_text_shim.cpp).
//
// Contract: no C++ exception crosses this boundary; the glyphs are owned by the caller and freed
// with `quire_text_free`; one thread uses a page at a time.

#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/// One character of the page's text, or a space or line end between its words and lines.
typedef struct quire_text_glyph {
    /// A Unicode scalar value.
    uint32_t code;
    /// Index into `quire_text_page.fonts` of the font of this glyph's run.
    int32_t font;
    /// The glyph's box in points, page as displayed, top-left origin (poppler's x1 < x2, y1 < y2
    /// for a character; a line end is the point at its line's last word's bottom right).
    double x1, y1, x2, y2;
    /// The font size of its run (poppler's `TextWord::getFontSize`).
    double size;
} quire_text_glyph;

typedef struct quire_text_page {
    quire_text_glyph *glyphs;
    int32_t count;
    /// The distinct font names of the page's runs (subset prefix removed, "Default" for none,
    /// as `poppler_page_get_text_attributes` names them), NUL-terminated UTF-8 or Latin-1 bytes.
    char **fonts;
    int32_t font_count;
} quire_text_page;

typedef enum quire_text_status {
    /// `*out` holds the page's glyphs (perhaps none).
    QUIRE_TEXT_OK = 0,
    /// The page's cached text is not where this build of poppler-glib keeps it, or not built:
    /// read it through poppler-glib's own calls.
    QUIRE_TEXT_UNAVAILABLE = 1,
    /// The text holds characters that do not survive poppler's UTF-8 text unchanged (U+0000,
    /// surrogates, values past U+10FFFF): read it through poppler-glib's own calls.
    QUIRE_TEXT_IRREGULAR = 2,
    /// Out of memory or a C++ exception.
    QUIRE_TEXT_FAILED = 3,
} quire_text_status;

/// Reads the text of `page`, a `PopplerPage *` whose text poppler-glib has built (any text call
/// builds and caches it), 0-based `index` as `poppler_page_get_index` gives it, `width` × `height`
/// points as `poppler_page_get_size` gives them (the selection poppler-glib's whole-page calls use).
quire_text_status quire_text_read(void *page, int index, double width, double height, quire_text_page *out);

/// Frees what `quire_text_read` returned in `page` (its fields are zeroed).
void quire_text_free(quire_text_page *page);

#ifdef __cplusplus
}
#endif
