// One walk over poppler-glib's cached text of a page: see include/poppler_text_shim.h.
//
// Left-to-right pages: the order, the boxes, the spaces and the line ends follow poppler-glib
// 22.12's `poppler_page_get_text_layout_for_area` and `poppler_page_get_text_attributes_for_area`
// (glib/poppler-page.cc), which walk the same `TextPage::getSelectionWords`; the characters
// follow `TextSelectionDumper::getText` (poppler/TextOutputDev.cc), which writes each selected
// run of a word through `TextPage::dumpFragment` — unchanged, for text with no right-to-left
// character.
//
// Pages with right-to-left characters: poppler 22.12's whole-page selection loses lines of a
// page whose primary direction is right to left (of five Hebrew lines and a Latin one, the
// selection held one line), and reverses the words of its left-to-right lines too. They are
// walked line by line instead, flows, blocks and lines in poppler's order, each line in its own
// direction, each word's characters reordered as `dumpFragment` reorders them (right-to-left
// runs reversed into reading order, without the embedding marks it adds).
#include "poppler_text_shim.h"

#include <GlobalParams.h>
#include <Page.h>
#include <TextOutputDev.h>

#include <algorithm>
#include <cstdlib>
#include <cstring>
#include <new>
#include <string>
#include <vector>

#include "poppler_bidi_types.h"

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

/// Calls `body` with every character of every word of the page (all its flows, blocks and
/// lines) until it returns false; false when it did.
template <typename Body> bool eachCharacter(const TextPage *text, Body body) {
    for (const TextFlow *flow = text->getFlows(); flow; flow = flow->getNext())
        for (const TextBlock *block = flow->getBlocks(); block; block = block->getNext())
            for (const TextLine *line = block->getLines(); line; line = line->getNext())
                for (const TextWord *word = line->getWords(); word; word = word->getNext())
                    for (int i = 0; i < word->getLength(); ++i)
                        if (!body(*word->getChar(i))) return false;
    return true;
}

template <size_t N> bool inRanges(const quire_bidi::Range (&ranges)[N], Unicode u) {
    size_t lo = 0, hi = N;
    while (lo < hi) {
        size_t mid = (lo + hi) / 2;
        if (ranges[mid].last < u) lo = mid + 1; else hi = mid;
    }
    return lo < N && ranges[lo].first <= u;
}

// poppler's `unicodeTypeL`, `unicodeTypeR` and `unicodeTypeNum` (not exported by libpoppler).
bool typeL(Unicode u) { return inRanges(quire_bidi::leftToRight, u); }
bool typeR(Unicode u) { return inRanges(quire_bidi::rightToLeft, u); }
bool typeNum(Unicode u) { return inRanges(quire_bidi::number, u); }

/// A character's vote for a direction, as `TextPage::coalesce` counts them: +1 left to right,
/// -1 right to left, 0 neither.
int direction(Unicode u) { return typeL(u) ? 1 : typeR(u) ? -1 : 0; }

/// What the page's characters say of it: whether each survives poppler's UTF-8 text unchanged,
/// whether any is right-to-left, and the primary direction `TextPage::coalesce` gives the page
/// (left to right unless its right-to-left letters outnumber its left-to-right ones).
struct PageCharacters {
    bool plain = true;
    bool holdsRightToLeft = false;
    bool primaryLR = true;
    size_t count = 0;

    explicit PageCharacters(const TextPage *text) {
        // Every right-to-left character is at U+0590 or above: most pages' characters cost one
        // comparison here, and the direction's count runs only on a page that has one.
        eachCharacter(text, [&](Unicode u) {
            ++count;
            plain = isPlainScalar(u);
            holdsRightToLeft = holdsRightToLeft || (u >= 0x0590 && typeR(u));
            return plain;
        });
        if (!plain || !holdsRightToLeft) return;
        long lrCount = 0;
        eachCharacter(text, [&](Unicode u) {
            lrCount += direction(u);
            return true;
        });
        primaryLR = lrCount >= 0;
    }
};

/// The order `TextPage::dumpFragment` writes the characters `begin ..< end` of `word` in
/// (poppler's `reorderText`, its embedding marks left out): on a left-to-right page the
/// right-to-left runs reversed, on a right-to-left page the whole reversed but its
/// left-to-right runs.
void reorder(const TextWord *word, int begin, int end, bool primaryLR, std::vector<int> &order) {
    order.clear();
    auto t = [word](int k) { return *word->getChar(k); };
    if (primaryLR) {
        int i = begin;
        while (i < end) {
            int j = i;
            while (j < end && !typeR(t(j))) ++j;
            for (int k = i; k < j; ++k) order.push_back(k);
            i = j;
            while (j < end && !(typeL(t(j)) || typeNum(t(j)))) ++j;
            for (int k = j - 1; k >= i; --k) order.push_back(k);
            i = j;
        }
    } else {
        int i = end - 1;
        while (i >= begin) {
            int j = i;
            while (j >= begin && !(typeL(t(j)) || typeNum(t(j)))) --j;
            for (int k = i; k > j; --k) order.push_back(k);
            i = j;
            while (j >= begin && !typeR(t(j))) --j;
            for (int k = j + 1; k <= i; ++k) order.push_back(k);
            i = j;
        }
    }
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

/// The glyphs of a page as they are read, and the font table they refer to.
struct Glyphs {
    std::vector<quire_text_glyph> list;
    FontTable fonts;
    quire_text_glyph last {}; // the glyph the current run ends at: spaces and line ends join it

    void character(const TextWord *word, int k, int boxIndex) {
        quire_text_glyph g {};
        g.code = *word->getChar(k);
        g.font = fonts.index(word, k);
        g.size = word->getFontSize();
        word->getCharBBox(boxIndex, &g.x1, &g.y1, &g.x2, &g.y2);
        list.push_back(g);
        last = g;
    }
    void space(double x1, double y1, double x2, double y2) { list.push_back({ 0x20, last.font, x1, y1, x2, y2, last.size }); }
    void lineEnd(double x, double y) { list.push_back({ 0x0A, last.font, x, y, x, y, last.size }); }
};

/// A left-to-right page, as poppler-glib's whole-page selection gives it.
void readSelection(TextPage *text, double width, double height, Glyphs &out) {
    PDFRectangle selection(0, 0, width, height);
    SelectedLines selected;
    selected.lines = text->getSelectionWords(&selection, selectionStyleGlyph, &selected.count);
    if (!selected.lines) selected.count = 0;
    for (int i = 0; i < selected.count; ++i) {
        const auto &words = *selected.lines[i];
        double x1 = 0, y1 = 0, x2 = 0, y2 = 0;
        for (size_t j = 0; j < words.size(); ++j) {
            const TextWordSelection *sel = words[j];
            const TextWord *word = sel->getWord();
            for (int k = sel->getBegin(); k < sel->getEnd(); ++k) out.character(word, k, k);
            word->getBBox(&x1, &y1, &x2, &y2);
            if (j + 1 < words.size() && word->hasSpaceAfter()) {
                double x3, y3, x4, y4;
                words[j + 1]->getWord()->getBBox(&x3, &y3, &x4, &y4);
                out.space(x2, y1, x3, y2);
            }
        }
        if (i + 1 < selected.count) out.lineEnd(x2, y2);
    }
}

bool holdsRightToLeft(const TextWord *word) {
    for (int i = 0; i < word->getLength(); ++i)
        if (typeR(*word->getChar(i))) return true;
    return false;
}

/// True for a word of a left-to-right script: a left-to-right letter, no right-to-left one.
bool isLeftToRight(const TextWord *word) {
    bool letter = false;
    for (int i = 0; i < word->getLength(); ++i) {
        Unicode u = *word->getChar(i);
        if (typeR(u)) return false;
        letter = letter || typeL(u);
    }
    return letter;
}

/// A right-to-left line's words (given left to right) in reading order: right to left, but a
/// run of left-to-right words (a Latin name inside a Hebrew line) kept in its own order.
void rightToLeft(std::vector<const TextWord *> &words) {
    std::vector<const TextWord *> ordered;
    ordered.reserve(words.size());
    size_t end = words.size();
    while (end > 0) {
        size_t start = end - 1;
        if (isLeftToRight(words[start]))
            while (start > 0 && isLeftToRight(words[start - 1])) --start;
        ordered.insert(ordered.end(), words.begin() + long(start), words.begin() + long(end));
        end = start;
    }
    words.swap(ordered);
}

/// A page with right-to-left characters, line by line (see the top of this file). A line whose
/// letters are mostly right-to-left (or, as many each way, on a right-to-left page) has its
/// words from right to left (`rightToLeft`); any other line as on a left-to-right page. Within a reordered run the characters come in
/// reading order and the boxes in drawing order: each word keeps its own box, and its boxes
/// advance one way, as a word's do.
void readLines(const TextPage *text, bool primaryLR, Glyphs &out) {
    std::vector<const TextWord *> words;
    std::vector<int> order;
    bool first = true;
    double endX = 0, endY = 0; // the previous line's last word's bottom right
    for (const TextFlow *flow = text->getFlows(); flow; flow = flow->getNext())
        for (const TextBlock *block = flow->getBlocks(); block; block = block->getNext())
            for (const TextLine *line = block->getLines(); line; line = line->getNext()) {
                words.clear();
                for (const TextWord *word = line->getWords(); word; word = word->getNext())
                    if (word->getLength() > 0) words.push_back(word);
                if (words.empty()) continue;
                // The line's own direction: its letters' majority, else the page's.
                long lr = 0;
                for (const TextWord *word : words)
                    for (int i = 0; i < word->getLength(); ++i) lr += direction(*word->getChar(i));
                const bool lineLR = lr > 0 || (lr == 0 && primaryLR);
                if (!lineLR) rightToLeft(words);
                if (!first) out.lineEnd(endX, endY);
                first = false;
                double x1 = 0, y1 = 0, x2 = 0, y2 = 0;
                for (size_t j = 0; j < words.size(); ++j) {
                    const TextWord *word = words[j];
                    // A right-to-left line's words with a right-to-left letter reorder as on a
                    // right-to-left page, its other words (Latin, numbers) as on a left-to-right one.
                    reorder(word, 0, word->getLength(), lineLR || !holdsRightToLeft(word), order);
                    for (size_t n = 0; n < order.size(); ++n) out.character(word, order[n], int(n));
                    word->getBBox(&x1, &y1, &x2, &y2);
                    if (j + 1 == words.size()) break;
                    // The space between two words of the line, which poppler records on the
                    // left one of the two.
                    const TextWord *next = words[j + 1];
                    double x3, y3, x4, y4;
                    next->getBBox(&x3, &y3, &x4, &y4);
                    if (x3 >= x1) {
                        if (word->hasSpaceAfter()) out.space(x2, y1, x3, y2);
                    } else if (next->hasSpaceAfter()) {
                        out.space(x4, y1, x1, y2);
                    }
                }
                endX = x2;
                endY = y2;
            }
}

quire_text_status read(void *glibPage, int index, double width, double height, quire_text_page *out) {
    auto *page = static_cast<GlibPage *>(glibPage);
    if (!page || page->index != index || !page->page || page->page->getNum() != index + 1 || !page->text)
        return QUIRE_TEXT_UNAVAILABLE;
    if (!globalParams || globalParams->getTextEncodingName() != "UTF-8") return QUIRE_TEXT_UNAVAILABLE;
    TextPage *text = page->text;
    PageCharacters characters(text);
    if (!characters.plain) return QUIRE_TEXT_IRREGULAR;
    Glyphs glyphs;
    // Each character once, and a space or a line end after most words: room for a word of four
    // letters on average, so that the list is not copied as it grows (≈ 1 % of a born-digital
    // run's CPU went to those copies).
    glyphs.list.reserve(characters.count + characters.count / 4 + 16);
    if (characters.holdsRightToLeft) readLines(text, characters.primaryLR, glyphs);
    else readSelection(text, width, height, glyphs);

    size_t count = glyphs.list.size();
    auto *list = static_cast<quire_text_glyph *>(std::malloc(std::max<size_t>(1, count) * sizeof(quire_text_glyph)));
    char **names = static_cast<char **>(std::calloc(glyphs.fonts.names.size() + 1, sizeof(char *)));
    bool failed = !list || !names;
    for (size_t k = 0; !failed && k < glyphs.fonts.names.size(); ++k) {
        names[k] = strdup(glyphs.fonts.names[k].c_str());
        failed = !names[k];
    }
    if (failed) {
        for (size_t k = 0; names && k < glyphs.fonts.names.size(); ++k) std::free(names[k]);
        std::free(names);
        std::free(list);
        return QUIRE_TEXT_FAILED;
    }
    if (count > 0) std::memcpy(list, glyphs.list.data(), count * sizeof(quire_text_glyph));
    out->glyphs = list;
    out->count = int32_t(count);
    out->fonts = names;
    out->font_count = int32_t(glyphs.fonts.names.size());
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
