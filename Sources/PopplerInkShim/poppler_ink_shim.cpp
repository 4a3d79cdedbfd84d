// See include/poppler_ink_shim.h. poppler's private headers (libpoppler-private-dev) include
// one another from /usr/include/poppler, which Package.swift adds to the search path.
#include "poppler_ink_shim.h"

#include <memory>
#include <optional>

#include <GlobalParams.h>
#include <PDFDoc.h>
#include <SplashOutputDev.h>
#include <goo/GooString.h>
#include <splash/SplashBitmap.h>

#include <algorithm>
#include <vector>

namespace {

/// Splash drawing a page for its ruling raster: its lines, fills and marks, the images that
/// words lie over (a scan under its OCR layer, a text box on a picture), and nothing else.
/// - Other images: their pixels are never decoded (an inline image's bytes are still read past,
///   by OutputDev's own drawImage; masked and soft-masked images go through OutputDev's
///   versions, which come back to this drawImage). Stencil masks (drawImageMask) paint the fill
///   colour like a vector mark and are kept.
/// - Text: glyphs are not drawn and their fonts never loaded; glyphs that clip (render modes
///   4–7) still make the clip path, so what they clip is not drawn over the page. Type 3 glyphs
///   are not interpreted.
class RulingInkOutputDev final : public SplashOutputDev {
public:
    using SplashOutputDev::SplashOutputDev;

    /// Word centres (device pixels, x then y): an image with one of them over it is drawn.
    std::vector<double> words;

    bool interpretType3Chars() override { return false; }

    void drawChar(GfxState *state, double x, double y, double dx, double dy, double originX, double originY,
                  CharCode code, int nBytes, const Unicode *u, int uLen) override {
        if (state->getRender() >= 4) {
            SplashOutputDev::drawChar(state, x, y, dx, dy, originX, originY, code, nBytes, u, uLen);
        }
    }

    void drawImage(GfxState *state, Object *ref, Stream *str, int width, int height, GfxImageColorMap *colorMap,
                   bool interpolate, const int *maskColors, bool inlineImg) override {
        if (underWords(state)) {
            SplashOutputDev::drawImage(state, ref, str, width, height, colorMap, interpolate, maskColors, inlineImg);
        } else {
            OutputDev::drawImage(state, ref, str, width, height, colorMap, interpolate, maskColors, inlineImg);
        }
    }

    /// True when a word's centre lies on the image about to be drawn: its unit square under the
    /// current transformation (device pixels), taken as its bounding box.
    bool underWords(GfxState *state) const {
        const double *m = state->getCTM();
        const double xs[4] = {m[4], m[0] + m[4], m[0] + m[2] + m[4], m[2] + m[4]};
        const double ys[4] = {m[5], m[1] + m[5], m[1] + m[3] + m[5], m[3] + m[5]};
        const double x0 = std::min({xs[0], xs[1], xs[2], xs[3]}), x1 = std::max({xs[0], xs[1], xs[2], xs[3]});
        const double y0 = std::min({ys[0], ys[1], ys[2], ys[3]}), y1 = std::max({ys[0], ys[1], ys[2], ys[3]});
        for (size_t i = 0; i + 1 < words.size(); i += 2) {
            if (words[i] >= x0 && words[i] <= x1 && words[i + 1] >= y0 && words[i + 1] <= y1) return true;
        }
        return false;
    }

    void drawMaskedImage(GfxState *state, Object *ref, Stream *str, int width, int height, GfxImageColorMap *colorMap,
                         bool interpolate, Stream *maskStr, int maskWidth, int maskHeight, bool maskInvert,
                         bool maskInterpolate) override {
        if (underWords(state)) {
            SplashOutputDev::drawMaskedImage(state, ref, str, width, height, colorMap, interpolate, maskStr, maskWidth,
                                             maskHeight, maskInvert, maskInterpolate);
        } else {
            OutputDev::drawMaskedImage(state, ref, str, width, height, colorMap, interpolate, maskStr, maskWidth,
                                       maskHeight, maskInvert, maskInterpolate);
        }
    }

    void drawSoftMaskedImage(GfxState *state, Object *ref, Stream *str, int width, int height,
                             GfxImageColorMap *colorMap, bool interpolate, Stream *maskStr, int maskWidth,
                             int maskHeight, GfxImageColorMap *maskColorMap, bool maskInterpolate) override {
        if (underWords(state)) {
            SplashOutputDev::drawSoftMaskedImage(state, ref, str, width, height, colorMap, interpolate, maskStr,
                                                 maskWidth, maskHeight, maskColorMap, maskInterpolate);
        } else {
            OutputDev::drawSoftMaskedImage(state, ref, str, width, height, colorMap, interpolate, maskStr, maskWidth,
                                           maskHeight, maskColorMap, maskInterpolate);
        }
    }
};

} // namespace

/// Members are destroyed in reverse order: the renderer, the document, then the reference to
/// poppler's one GlobalParams (refcounted by its initers: poppler-glib's documents hold one each,
/// and the last to go frees it).
struct quire_ink_document {
    std::unique_ptr<GlobalParamsIniter> params;
    std::unique_ptr<PDFDoc> doc;
    std::unique_ptr<RulingInkOutputDev> out;
};

extern "C" quire_ink_document *quire_ink_open(const char *path, const char *password, int *error) {
    *error = 0;
    try {
        // Errors go where poppler-glib's documents send theirs (its callback is set by whichever
        // initer comes first; nullptr: poppler's default, stderr).
        auto params = std::make_unique<GlobalParamsIniter>(nullptr);
        std::optional<GooString> pw;
        if (password) pw = GooString(password);
        auto doc = std::make_unique<PDFDoc>(std::make_unique<GooString>(path), pw, pw);
        if (!doc->isOk()) {
            *error = doc->getErrorCode() != 0 ? doc->getErrorCode() : 3;
            return nullptr;
        }
        SplashColor paper;
        paper[0] = 0xff;
        auto out = std::make_unique<RulingInkOutputDev>(splashModeMono8, 4, false, paper);
        out->setFontAntialias(true);
        out->setVectorAntialias(true);
        out->setFreeTypeHinting(false, false);
        out->startDoc(doc.get());
        return new quire_ink_document{std::move(params), std::move(doc), std::move(out)};
    } catch (...) {
        *error = 1;
        return nullptr;
    }
}

extern "C" void quire_ink_close(quire_ink_document *document) { delete document; }

extern "C" int quire_ink_page_count(quire_ink_document *document) { return document->doc->getNumPages(); }

extern "C" int quire_ink_render(quire_ink_document *document, int page, double dpi, const double *word_centres,
                                int word_count) {
    if (page < 1 || page > document->doc->getNumPages() || dpi <= 0 || word_count < 0) return 1;
    try {
        document->out->words.assign(word_centres, word_centres + 2 * static_cast<size_t>(word_count));
        document->doc->displayPage(document->out.get(), page, dpi, dpi, 0, false, true, false);
    } catch (...) {
        return 1;
    }
    SplashBitmap *bitmap = document->out->getBitmap();
    return bitmap && bitmap->getWidth() > 0 && bitmap->getHeight() > 0 ? 0 : 1;
}

extern "C" const unsigned char *quire_ink_pixels(quire_ink_document *document, int *width, int *height,
                                                 int *row_size) {
    SplashBitmap *bitmap = document->out->getBitmap();
    if (!bitmap) return nullptr;
    *width = bitmap->getWidth();
    *height = bitmap->getHeight();
    *row_size = bitmap->getRowSize();
    return bitmap->getDataPtr();
}
