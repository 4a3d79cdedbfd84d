// One walk over poppler-glib's cached text of a page: see include/poppler_text_shim.h.
//
// The order, the boxes, the spaces and the line ends follow poppler-glib 22.12's
// `poppler_page_get_text_layout_for_area` and `poppler_page_get_text_attributes_for_area`
// (glib/poppler-page.cc), which walk the same `TextPage::getSelectionWords`; the characters
// follow `TextSelectionDumper::getText` (poppler/TextOutputDev.cc), which writes each selected
// run of a word through `TextPage::dumpFragment` — unchanged, for UTF-8 text that holds no
// right-to-left character. Pages with such characters are left to poppler-glib (IRREGULAR).

#include "poppler_text_shim.h"

#include <GlobalParams.h>
#include <Page.h>
#include <TextOutputDev.h>

#include <cstdlib>
#include <cstring>
#include <new>
#include <string>
#include <vector>

namespace {

// poppler-glib 22.12's `struct _PopplerPage` (glib/poppler-private.h, which Debian does not
// install): a GObject (its GTypeInstance's class pointer, its reference count, its qdata), then
// the document, the core page, the 0-based index and the cached text. `quire_text_read` checks
// the index and the core page's number against the caller's before it trusts the text pointer.
struct GlibPage {
    void *g_class;
    unsigned ref_count;
    void *qdata;
    void *document;
    Page *page;
    int index;
    TextPage *text;
};

/// True when poppler's text of `u` is the scalar `u` itself in UTF-8: not U+0000 (which would
/// end poppler-glib's C string), not a surrogate, not past U+10FFFF.
bool isPlainScalar(Unicode u) { return u != 0 && (u < 0xD800 || u > 0xDFFF) && u <= 0x10FFFF; }

/// True for every character poppler 22.12's type table calls right-to-left (`unicodeTypeR`, which
/// libpoppler does not export), and a few more: Hebrew, Arabic, Syriac, Thaana and N'Ko
/// (U+0590–U+08FF), the right-to-left mark, embedding and override, and the Hebrew and Arabic
/// presentation forms. Extra characters only leave a page to poppler-glib.
bool mayBeRightToLeft(Unicode u) {
    return (u >= 0x0590 && u <= 0x08FF) || u == 0x200F || u == 0x202B || u == 0x202E || (u >= 0xFB18 && u <= 0xFDFF)
        || (u >= 0xFE6C && u <= 0xFEFF);
}

/// True when some word of the page holds a right-to-left character: `TextPage::dumpFragment`
/// reorders such runs (and adds embedding marks), and the page's primary direction, which
/// reverses whole lines, is right-to-left only when such characters are many.
bool holdsRightToLeft(const TextPage *text) {
    for (const TextFlow *flow = text->getFlows(); flow; flow = flow->getNext())
        for (const TextBlock *block = flow->getBlocks(); block; block = block->getNext())
            for (const TextLine *line = block->getLines(); line; line = line->getNext())
                for (const TextWord *word = line->getWords(); word; word = word->getNext())
                    for (int i = 0; i < word->getLength(); ++i)
                        if (mayBeRightToLeft(*word->getChar(i))) return true;
    return false;
}

/// A font run's name as `poppler_page_get_text_attributes` gives it: "Default" for none, the
/// subset tag ("ABCDEF+") removed.
std::string runName(const GooString *name) {
    if (!name || name->getLength() == 0) return "Default";
    int i = 0;
    while (i < name->getLength() && name->getChar(i) >= 'A' && name->getChar(i) <= 'Z') ++i;
    bool subset = i > 0 && i < name->getLength() && name->getChar(i) == '+';
    return subset ? name->toStr().substr(i + 1) : name->toStr();
}

/// The distinct run names of a page, looked up by the font they were read from.
struct FontTable {
    std::vector<std::string> names;
    const TextFontInfo *lastInfo = nullptr;
    int lastIndex = -1;

    int index(const TextWord *word, int i) {
        const TextFontInfo *info = word->getFontInfo(i);
        if (info == lastInfo && lastIndex >= 0) return lastIndex;
        std::string name = runName(word->getFontName(i));
        int found = -1;
        for (size_t k = 0; k < names.size(); ++k)
            if (names[k] == name) { found = int(k); break; }
        if (found < 0) { names.push_back(name); found = int(names.size()) - 1; }
        lastInfo = info;
        lastIndex = found;
        return found;
    }
};

/// The lines `TextPage::getSelectionWords` returns, freed as poppler-glib frees them.
struct SelectedLines {
    std::vector<TextWordSelection *> **lines = nullptr;
    int count = 0;
    ~SelectedLines() {
        if (!lines) return;
        for (int i = 0; i < count; ++i) {
            for (TextWordSelection *word : *lines[i]) delete word;
            delete lines[i];
        }
        gfree(lines);
    }
};

quire_text_status read(void *glibPage, int index, double width, double height, quire_text_page *out) {
    auto *page = static_cast<GlibPage *>(glibPage);
    if (!page || page->index != index || !page->page || page->page->getNum() != index + 1 || !page->text)
        return QUIRE_TEXT_UNAVAILABLE;
    if (!globalParams || globalParams->getTextEncodingName() != "UTF-8") return QUIRE_TEXT_UNAVAILABLE;
    TextPage *text = page->text;
    if (holdsRightToLeft(text)) return QUIRE_TEXT_IRREGULAR;

    PDFRectangle selection(0, 0, width, height);
    SelectedLines selected;
    selected.lines = text->getSelectionWords(&selection, selectionStyleGlyph, &selected.count);
    if (!selected.lines || selected.count == 0) return QUIRE_TEXT_OK;

    // Characters, plus a space after a word that has one (but the line's last), plus a line end
    // after every line but the last: the count poppler-glib's layout allocates.
    size_t count = 0;
    for (int i = 0; i < selected.count; ++i) {
        const auto &words = *selected.lines[i];
        for (size_t j = 0; j < words.size(); ++j) {
            const TextWordSelection *sel = words[j];
            for (int k = sel->getBegin(); k < sel->getEnd(); ++k)
                if (!isPlainScalar(*sel->getWord()->getChar(k))) return QUIRE_TEXT_IRREGULAR;
            count += size_t(sel->getEnd() - sel->getBegin());
            if (j + 1 < words.size() && sel->getWord()->hasSpaceAfter()) ++count;
        }
        if (i + 1 < selected.count) ++count;
    }

    auto *glyphs = static_cast<quire_text_glyph *>(std::malloc(count * sizeof(quire_text_glyph)));
    if (!glyphs && count > 0) return QUIRE_TEXT_FAILED;
    FontTable fonts;
    size_t n = 0;
    quire_text_glyph last {}; // the glyph the current run ends at: spaces and line ends join it
    for (int i = 0; i < selected.count; ++i) {
        const auto &words = *selected.lines[i];
        double x1 = 0, y1 = 0, x2 = 0, y2 = 0;
        for (size_t j = 0; j < words.size(); ++j) {
            const TextWordSelection *sel = words[j];
            const TextWord *word = sel->getWord();
            for (int k = sel->getBegin(); k < sel->getEnd(); ++k) {
                quire_text_glyph &g = glyphs[n++];
                g.code = *word->getChar(k);
                g.font = fonts.index(word, k);
                g.size = word->getFontSize();
                word->getCharBBox(k, &g.x1, &g.y1, &g.x2, &g.y2);
                last = g;
            }
            word->getBBox(&x1, &y1, &x2, &y2);
            if (j + 1 < words.size() && word->hasSpaceAfter()) {
                double x3, y3, x4, y4;
                words[j + 1]->getWord()->getBBox(&x3, &y3, &x4, &y4);
                glyphs[n++] = { 0x20, last.font, x2, y1, x3, y2, last.size };
            }
        }
        if (i + 1 < selected.count) glyphs[n++] = { 0x0A, last.font, x2, y2, x2, y2, last.size };
    }

    char **names = static_cast<char **>(std::calloc(fonts.names.size() + 1, sizeof(char *)));
    if (!names) { std::free(glyphs); return QUIRE_TEXT_FAILED; }
    for (size_t k = 0; k < fonts.names.size(); ++k) {
        names[k] = strdup(fonts.names[k].c_str());
        if (!names[k]) {
            for (size_t m = 0; m < k; ++m) std::free(names[m]);
            std::free(names);
            std::free(glyphs);
            return QUIRE_TEXT_FAILED;
        }
    }
    out->glyphs = glyphs;
    out->count = int32_t(n);
    out->fonts = names;
    out->font_count = int32_t(fonts.names.size());
    return QUIRE_TEXT_OK;
}

} // namespace

extern "C" quire_text_status quire_text_read(void *page, int index, double width, double height, quire_text_page *out) {
    *out = quire_text_page {};
    try {
        return read(page, index, width, height, out);
    } catch (...) {
        quire_text_free(out);
        return QUIRE_TEXT_FAILED;
    }
}

extern "C" void quire_text_free(quire_text_page *page) {
    if (!page) return;
    std::free(page->glyphs);
    for (int32_t k = 0; k < page->font_count; ++k) std::free(page->fonts[k]);
    std::free(page->fonts);
    *page = quire_text_page {};
}
