// Plain-C API over zxing-cpp 1.4. See include/zxing_shim.h for the contract.
//
// Every extern "C" function body runs inside try/catch(...): a C++ exception must never unwind
// into Swift (undefined behaviour). Decoded symbols are copied into plain fields when they are
// created, so the accessors below cannot throw.

#include "zxing_shim.h"

#include <ZXing/BarcodeFormat.h>
#include <ZXing/DecodeHints.h>
#include <ZXing/GTIN.h>
#include <ZXing/ImageView.h>
#include <ZXing/ReadBarcode.h>
#include <ZXing/Result.h>

#include <cstdlib>
#include <cstring>
#include <exception>
#include <string>
#include <vector>

namespace ZXing {
// Exported by libZXing 1.4 (core/src/GS1.cpp) but not in its installed headers: the human
// readable form of a raw GS1 element string ("01095...10AB<GS>17..." -> "(01)095...(10)AB(17)...").
// Throws on a malformed string (callers catch).
std::string HRIFromGS1(const std::string& gs1);
}

struct zxing_ImageView {
    ZXing::ImageView view;
};

struct zxing_ReaderOptions {
    ZXing::DecodeHints hints;
};

struct zxing_Barcode {
    bool valid = false;
    std::string errorMsg;
    zxing_BarcodeFormat format = zxing_BarcodeFormat_None;
    zxing_ContentType contentType = zxing_ContentType_Text;
    std::vector<uint8_t> bytes;
    std::string text;
    std::string ecLevel;
    std::string symbologyIdentifier;
    zxing_Position position{};
    int orientation = 0;
    bool hasECI = false;
    bool isMirrored = false;
    int lineCount = 0;
    int sequenceSize = -1;
    int sequenceIndex = -1;
    std::string sequenceId;
    std::string eanAddOn;
};

struct zxing_Barcodes {
    std::vector<zxing_Barcode> items;
};

namespace {

thread_local std::string lastError;
thread_local bool hasLastError = false;

void setError(const char* context, const char* what) {
    lastError = std::string(context) + ": " + (what ? what : "unknown error");
    hasLastError = true;
}

void clearError() {
    lastError.clear();
    hasLastError = false;
}

char* copyString(const std::string& s) {
    char* out = static_cast<char*>(std::malloc(s.size() + 1));
    if (!out) return nullptr;
    std::memcpy(out, s.data(), s.size());
    out[s.size()] = '\0';
    return out;
}

/// BarcodeFormats is a Flags<> whose int is private in 1.4: rebuild the bit set format by format.
int toBits(const ZXing::BarcodeFormats& formats) {
    int bits = 0;
    for (int bit = 0; bit <= 16; ++bit)
        if (formats.testFlag(static_cast<ZXing::BarcodeFormat>(1 << bit))) bits |= (1 << bit);
    return bits;
}

zxing_PointI point(const ZXing::PointI& p) { return zxing_PointI{p.x, p.y}; }

/// Copies everything the C API exposes out of a zxing Result (may throw; callers catch).
zxing_Barcode copyResult(const ZXing::Result& r) {
    zxing_Barcode b;
    b.valid = r.isValid();
    if (r.error()) b.errorMsg = ZXing::ToString(r.error());
    b.format = static_cast<zxing_BarcodeFormat>(static_cast<int>(r.format()));
    b.contentType = static_cast<zxing_ContentType>(static_cast<int>(r.contentType()));
    const ZXing::ByteArray& raw = r.bytes();
    b.bytes.assign(raw.begin(), raw.end());
    b.text = r.text();
    // GS1: 1.4's text drops the GS separators, so the fields run together; give the HRI form
    // (upstream 2.x's TextMode::HRI). DataBar keeps 1.4's text (Expanded's has the parentheses,
    // the one-row form is the 14-digit GTIN).
    bool dataBar = r.format() == ZXing::BarcodeFormat::DataBar || r.format() == ZXing::BarcodeFormat::DataBarExpanded;
    if (r.contentType() == ZXing::ContentType::GS1 && !dataBar && !raw.empty() && (b.text.empty() || b.text[0] != '(')) {
        try {
            std::string hri = ZXing::HRIFromGS1(std::string(raw.begin(), raw.end()));
            if (!hri.empty()) b.text = hri;
        } catch (...) {}
    }
    b.ecLevel = r.ecLevel();
    b.symbologyIdentifier = r.symbologyIdentifier();
    const ZXing::Position& p = r.position();
    b.position = zxing_Position{point(p.topLeft()), point(p.topRight()), point(p.bottomRight()),
                                point(p.bottomLeft())};
    b.orientation = r.orientation();
    b.hasECI = r.hasECI();
    b.isMirrored = r.isMirrored();
    b.lineCount = r.lineCount();
    b.sequenceSize = r.sequenceSize();
    b.sequenceIndex = r.sequenceIndex();
    b.sequenceId = r.sequenceId();
    b.eanAddOn = ZXing::GTIN::EanAddOn(r);
    return b;
}

/// Runs `f`, turning any exception into the thread's last error and `fallback`.
template <typename R, typename F>
R guarded(const char* context, R fallback, F f) noexcept {
    try {
        return f();
    } catch (const std::exception& e) {
        setError(context, e.what());
    } catch (...) {
        setError(context, "non-standard C++ exception");
    }
    return fallback;
}

} // namespace

extern "C" {

// MARK: ImageView

zxing_ImageView* zxing_ImageView_new(const uint8_t* data, int width, int height, zxing_ImageFormat format,
                                     int rowStride, int pixStride) {
    clearError();
    if (!data || width <= 0 || height <= 0 || format == zxing_ImageFormat_None) {
        setError("zxing_ImageView_new", "invalid data, size or format");
        return nullptr;
    }
    return guarded("zxing_ImageView_new", static_cast<zxing_ImageView*>(nullptr), [&] {
        return new zxing_ImageView{ZXing::ImageView(data, width, height, static_cast<ZXing::ImageFormat>(format),
                                                    rowStride, pixStride)};
    });
}

void zxing_ImageView_delete(zxing_ImageView* iv) { delete iv; }

void zxing_ImageView_crop(zxing_ImageView* iv, int left, int top, int width, int height) {
    if (!iv) return;
    try { iv->view = iv->view.cropped(left, top, width, height); } catch (...) {}
}

void zxing_ImageView_rotate(zxing_ImageView* iv, int degree) {
    if (!iv) return;
    try { iv->view = iv->view.rotated(degree); } catch (...) {}
}

// MARK: Formats

zxing_BarcodeFormats zxing_BarcodeFormatsFromString(const char* str) {
    clearError();
    if (!str) return zxing_BarcodeFormat_Invalid;
    return guarded("zxing_BarcodeFormatsFromString", zxing_BarcodeFormat_Invalid, [&] {
        return static_cast<zxing_BarcodeFormats>(toBits(ZXing::BarcodeFormatsFromString(str)));
    });
}

char* zxing_BarcodeFormatToString(zxing_BarcodeFormat format) {
    clearError();
    return guarded("zxing_BarcodeFormatToString", static_cast<char*>(nullptr), [&] {
        return copyString(ZXing::ToString(static_cast<ZXing::BarcodeFormat>(static_cast<int>(format))));
    });
}

// MARK: ReaderOptions

zxing_ReaderOptions* zxing_ReaderOptions_new(void) {
    clearError();
    return guarded("zxing_ReaderOptions_new", static_cast<zxing_ReaderOptions*>(nullptr),
                   [] { return new zxing_ReaderOptions{}; });
}

void zxing_ReaderOptions_delete(zxing_ReaderOptions* opts) { delete opts; }

#define ZX_SETTER(NAME, TYPE, EXPR) \
    void zxing_ReaderOptions_set##NAME(zxing_ReaderOptions* opts, TYPE v) { \
        if (opts) { try { opts->hints.set##NAME(EXPR); } catch (...) {} } \
    }

ZX_SETTER(TryHarder, bool, v)
ZX_SETTER(TryRotate, bool, v)
ZX_SETTER(TryDownscale, bool, v)
ZX_SETTER(IsPure, bool, v)
ZX_SETTER(ReturnErrors, bool, v)
ZX_SETTER(Formats, zxing_BarcodeFormats,
          ZXing::BarcodeFormats(static_cast<ZXing::BarcodeFormat>(static_cast<int>(v) & zxing_BarcodeFormat_Any)))
ZX_SETTER(Binarizer, zxing_Binarizer, static_cast<ZXing::Binarizer>(v))
ZX_SETTER(MinLineCount, int, static_cast<uint8_t>(v < 1 ? 1 : (v > 255 ? 255 : v)))
ZX_SETTER(MaxNumberOfSymbols, int, static_cast<uint8_t>(v < 1 ? 1 : (v > 255 ? 255 : v)))
ZX_SETTER(DownscaleFactor, int, static_cast<uint8_t>(v < 2 ? 2 : (v > 8 ? 8 : v)))
ZX_SETTER(DownscaleThreshold, int, static_cast<uint16_t>(v < 1 ? 1 : (v > 65535 ? 65535 : v)))
ZX_SETTER(EanAddOnSymbol, zxing_EanAddOnSymbol, static_cast<ZXing::EanAddOnSymbol>(v))
ZX_SETTER(TryCode39ExtendedMode, bool, v)
ZX_SETTER(ValidateCode39CheckSum, bool, v)
ZX_SETTER(ValidateITFCheckSum, bool, v)
ZX_SETTER(ReturnCodabarStartEnd, bool, v)
#undef ZX_SETTER

bool zxing_ReaderOptions_getTryHarder(const zxing_ReaderOptions* opts) { return opts && opts->hints.tryHarder(); }
bool zxing_ReaderOptions_getTryRotate(const zxing_ReaderOptions* opts) { return opts && opts->hints.tryRotate(); }
bool zxing_ReaderOptions_getTryDownscale(const zxing_ReaderOptions* opts) { return opts && opts->hints.tryDownscale(); }
bool zxing_ReaderOptions_getIsPure(const zxing_ReaderOptions* opts) { return opts && opts->hints.isPure(); }

zxing_BarcodeFormats zxing_ReaderOptions_getFormats(const zxing_ReaderOptions* opts) {
    return opts ? static_cast<zxing_BarcodeFormats>(toBits(opts->hints.formats())) : zxing_BarcodeFormat_None;
}

zxing_Binarizer zxing_ReaderOptions_getBinarizer(const zxing_ReaderOptions* opts) {
    return opts ? static_cast<zxing_Binarizer>(opts->hints.binarizer()) : zxing_Binarizer_LocalAverage;
}

int zxing_ReaderOptions_getMaxNumberOfSymbols(const zxing_ReaderOptions* opts) {
    return opts ? opts->hints.maxNumberOfSymbols() : 0;
}

// MARK: Barcode

bool zxing_Barcode_isValid(const zxing_Barcode* b) { return b && b->valid; }
char* zxing_Barcode_errorMsg(const zxing_Barcode* b) { return b ? copyString(b->errorMsg) : nullptr; }
zxing_BarcodeFormat zxing_Barcode_format(const zxing_Barcode* b) { return b ? b->format : zxing_BarcodeFormat_None; }
zxing_ContentType zxing_Barcode_contentType(const zxing_Barcode* b) { return b ? b->contentType : zxing_ContentType_Text; }

uint8_t* zxing_Barcode_bytes(const zxing_Barcode* b, int* len) {
    if (len) *len = 0;
    if (!b) return nullptr;
    auto* out = static_cast<uint8_t*>(std::malloc(b->bytes.size() + 1)); // +1: never malloc(0)
    if (!out) return nullptr;
    if (!b->bytes.empty()) std::memcpy(out, b->bytes.data(), b->bytes.size());
    if (len) *len = static_cast<int>(b->bytes.size());
    return out;
}

char* zxing_Barcode_text(const zxing_Barcode* b) { return b ? copyString(b->text) : nullptr; }
char* zxing_Barcode_ecLevel(const zxing_Barcode* b) { return b ? copyString(b->ecLevel) : nullptr; }
char* zxing_Barcode_symbologyIdentifier(const zxing_Barcode* b) { return b ? copyString(b->symbologyIdentifier) : nullptr; }
zxing_Position zxing_Barcode_position(const zxing_Barcode* b) { return b ? b->position : zxing_Position{}; }
int zxing_Barcode_orientation(const zxing_Barcode* b) { return b ? b->orientation : 0; }
bool zxing_Barcode_hasECI(const zxing_Barcode* b) { return b && b->hasECI; }
bool zxing_Barcode_isMirrored(const zxing_Barcode* b) { return b && b->isMirrored; }
int zxing_Barcode_lineCount(const zxing_Barcode* b) { return b ? b->lineCount : 0; }
int zxing_Barcode_sequenceSize(const zxing_Barcode* b) { return b ? b->sequenceSize : -1; }
int zxing_Barcode_sequenceIndex(const zxing_Barcode* b) { return b ? b->sequenceIndex : -1; }
char* zxing_Barcode_sequenceId(const zxing_Barcode* b) { return b ? copyString(b->sequenceId) : nullptr; }
char* zxing_Barcode_eanAddOn(const zxing_Barcode* b) { return b ? copyString(b->eanAddOn) : nullptr; }

// MARK: GS1

char* zxing_HRIFromGS1(const char* raw) {
    if (!raw) return nullptr;
    try {
        std::string hri = ZXing::HRIFromGS1(raw);
        return hri.empty() ? nullptr : copyString(hri);
    } catch (...) {
        return nullptr;
    }
}

// MARK: Reading

zxing_Barcode* zxing_ReadBarcode(const zxing_ImageView* iv, const zxing_ReaderOptions* opts) {
    clearError();
    if (!iv) { setError("zxing_ReadBarcode", "no image"); return nullptr; }
    return guarded("zxing_ReadBarcode", static_cast<zxing_Barcode*>(nullptr), [&]() -> zxing_Barcode* {
        ZXing::DecodeHints hints = opts ? opts->hints : ZXing::DecodeHints{};
        ZXing::Result r = ZXing::ReadBarcode(iv->view, hints);
        if (r.format() == ZXing::BarcodeFormat::None) return nullptr;
        return new zxing_Barcode(copyResult(r));
    });
}

zxing_Barcodes* zxing_ReadBarcodes(const zxing_ImageView* iv, const zxing_ReaderOptions* opts) {
    clearError();
    if (!iv) { setError("zxing_ReadBarcodes", "no image"); return nullptr; }
    return guarded("zxing_ReadBarcodes", static_cast<zxing_Barcodes*>(nullptr), [&] {
        ZXing::DecodeHints hints = opts ? opts->hints : ZXing::DecodeHints{};
        ZXing::Results results = ZXing::ReadBarcodes(iv->view, hints);
        auto* list = new zxing_Barcodes{};
        try {
            list->items.reserve(results.size());
            for (const auto& r : results) list->items.push_back(copyResult(r));
        } catch (...) {
            delete list;
            throw;
        }
        return list;
    });
}

void zxing_Barcode_delete(zxing_Barcode* barcode) { delete barcode; }
void zxing_Barcodes_delete(zxing_Barcodes* barcodes) { delete barcodes; }
int zxing_Barcodes_size(const zxing_Barcodes* barcodes) { return barcodes ? static_cast<int>(barcodes->items.size()) : 0; }

const zxing_Barcode* zxing_Barcodes_at(const zxing_Barcodes* barcodes, int i) {
    if (!barcodes || i < 0 || i >= static_cast<int>(barcodes->items.size())) return nullptr;
    return &barcodes->items[static_cast<size_t>(i)];
}

// MARK: Errors and memory

char* zxing_LastErrorMsg(void) { return hasLastError ? copyString(lastError) : nullptr; }
void zxing_free(void* ptr) { std::free(ptr); }

} // extern "C"
