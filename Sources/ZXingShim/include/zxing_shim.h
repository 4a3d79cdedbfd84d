#pragma once
// Plain-C API over Debian's zxing-cpp 1.4 (which ships no C API).
//
// Shaped like upstream zxing-cpp's later `ZXingC.h` (2.3+): same type and function names, so
// this header and zxing_shim.cpp can be dropped once Debian ships zxing-cpp >= 2.3 and the Swift
// side keeps compiling. Differences from upstream are marked "shim:".
//
// Contract:
// - No C++ exception ever crosses this boundary: every function catches everything. Functions
//   that can fail return NULL (or false) and set a thread-local message read with
//   zxing_LastErrorMsg().
// - Results are copied out of zxing into objects owned by the shim; free them with
//   zxing_Barcode_delete / zxing_Barcodes_delete. Strings and byte arrays returned as `char*` /
//   `uint8_t*` are fresh copies: free them with zxing_free.
// - zxing-cpp 1.4 may abort() the process on some inputs (stacked GS1 DataBar). That cannot be
//   caught here; callers contain it at process level.

#include <stdbool.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

typedef struct zxing_ImageView zxing_ImageView;
typedef struct zxing_ReaderOptions zxing_ReaderOptions;
typedef struct zxing_Barcode zxing_Barcode;
typedef struct zxing_Barcodes zxing_Barcodes;

// MARK: ImageView

typedef enum {
    zxing_ImageFormat_None = 0,
    zxing_ImageFormat_Lum = 0x01000000,
    zxing_ImageFormat_RGB = 0x03000102,
    zxing_ImageFormat_BGR = 0x03020100,
    zxing_ImageFormat_RGBX = 0x04000102,
    zxing_ImageFormat_XRGB = 0x04010203,
    zxing_ImageFormat_BGRX = 0x04020100,
    zxing_ImageFormat_XBGR = 0x04030201,
} zxing_ImageFormat;

/// A view over caller-owned pixels; the pixels must outlive the view and any read using it.
/// rowStride/pixStride 0 mean "computed from width and format". NULL on invalid arguments.
zxing_ImageView* zxing_ImageView_new(const uint8_t* data, int width, int height, zxing_ImageFormat format,
                                     int rowStride, int pixStride);
void zxing_ImageView_delete(zxing_ImageView* iv);
/// Restricts the view to a rectangle (clamped to the image).
void zxing_ImageView_crop(zxing_ImageView* iv, int left, int top, int width, int height);
/// Rotates the view by 0, 90, 180 or 270 degrees (clockwise).
void zxing_ImageView_rotate(zxing_ImageView* iv, int degree);

// MARK: Formats

typedef enum {
    zxing_BarcodeFormat_None = 0,
    zxing_BarcodeFormat_Aztec = (1 << 0),
    zxing_BarcodeFormat_Codabar = (1 << 1),
    zxing_BarcodeFormat_Code39 = (1 << 2),
    zxing_BarcodeFormat_Code93 = (1 << 3),
    zxing_BarcodeFormat_Code128 = (1 << 4),
    zxing_BarcodeFormat_DataBar = (1 << 5),
    zxing_BarcodeFormat_DataBarExpanded = (1 << 6),
    zxing_BarcodeFormat_DataMatrix = (1 << 7),
    zxing_BarcodeFormat_EAN8 = (1 << 8),
    zxing_BarcodeFormat_EAN13 = (1 << 9),
    zxing_BarcodeFormat_ITF = (1 << 10),
    zxing_BarcodeFormat_MaxiCode = (1 << 11),
    zxing_BarcodeFormat_PDF417 = (1 << 12),
    zxing_BarcodeFormat_QRCode = (1 << 13),
    zxing_BarcodeFormat_UPCA = (1 << 14),
    zxing_BarcodeFormat_UPCE = (1 << 15),
    zxing_BarcodeFormat_MicroQRCode = (1 << 16),

    zxing_BarcodeFormat_LinearCodes = zxing_BarcodeFormat_Codabar | zxing_BarcodeFormat_Code39
        | zxing_BarcodeFormat_Code93 | zxing_BarcodeFormat_Code128 | zxing_BarcodeFormat_EAN8
        | zxing_BarcodeFormat_EAN13 | zxing_BarcodeFormat_ITF | zxing_BarcodeFormat_DataBar
        | zxing_BarcodeFormat_DataBarExpanded | zxing_BarcodeFormat_UPCA | zxing_BarcodeFormat_UPCE,
    zxing_BarcodeFormat_MatrixCodes = zxing_BarcodeFormat_Aztec | zxing_BarcodeFormat_DataMatrix
        | zxing_BarcodeFormat_MaxiCode | zxing_BarcodeFormat_PDF417 | zxing_BarcodeFormat_QRCode
        | zxing_BarcodeFormat_MicroQRCode,
    zxing_BarcodeFormat_Any = zxing_BarcodeFormat_LinearCodes | zxing_BarcodeFormat_MatrixCodes,

    zxing_BarcodeFormat_Invalid = -1, // upstream: returned by FromString for unknown names
} zxing_BarcodeFormat;

/// A bit set of zxing_BarcodeFormat values.
typedef zxing_BarcodeFormat zxing_BarcodeFormats;

/// Parses a list like "QRCode, EAN-13"; zxing_BarcodeFormat_Invalid on error.
zxing_BarcodeFormats zxing_BarcodeFormatsFromString(const char* str);
/// The library's name for one format (free with zxing_free); NULL on error.
char* zxing_BarcodeFormatToString(zxing_BarcodeFormat format);

// MARK: ReaderOptions (zxing-cpp 1.4 calls them DecodeHints)

typedef enum {
    zxing_Binarizer_LocalAverage,    // HybridBinarizer for matrix codes, GlobalHistogram for linear
    zxing_Binarizer_GlobalHistogram, // valley between the two largest histogram peaks
    zxing_Binarizer_FixedThreshold,  // T = 127
    zxing_Binarizer_BoolCast,        // T = 0
} zxing_Binarizer;

/// Defaults are zxing's: tryHarder, tryRotate, tryDownscale on; all formats; LocalAverage.
zxing_ReaderOptions* zxing_ReaderOptions_new(void);
void zxing_ReaderOptions_delete(zxing_ReaderOptions* opts);
void zxing_ReaderOptions_setTryHarder(zxing_ReaderOptions* opts, bool tryHarder);
void zxing_ReaderOptions_setTryRotate(zxing_ReaderOptions* opts, bool tryRotate);
void zxing_ReaderOptions_setTryDownscale(zxing_ReaderOptions* opts, bool tryDownscale);
void zxing_ReaderOptions_setIsPure(zxing_ReaderOptions* opts, bool isPure);
void zxing_ReaderOptions_setReturnErrors(zxing_ReaderOptions* opts, bool returnErrors);
void zxing_ReaderOptions_setFormats(zxing_ReaderOptions* opts, zxing_BarcodeFormats formats);
void zxing_ReaderOptions_setBinarizer(zxing_ReaderOptions* opts, zxing_Binarizer binarizer);
void zxing_ReaderOptions_setMinLineCount(zxing_ReaderOptions* opts, int n);
void zxing_ReaderOptions_setMaxNumberOfSymbols(zxing_ReaderOptions* opts, int n);
/// shim: 1.4-only knobs (upstream 2.x has them too, same names).
void zxing_ReaderOptions_setDownscaleFactor(zxing_ReaderOptions* opts, int factor);
void zxing_ReaderOptions_setDownscaleThreshold(zxing_ReaderOptions* opts, int threshold);

typedef enum {
    zxing_EanAddOnSymbol_Ignore,  // ignore EAN-2/EAN-5 add-ons (zxing's default)
    zxing_EanAddOnSymbol_Read,    // read an add-on when there is one
    zxing_EanAddOnSymbol_Require, // only EAN/UPC symbols with an add-on
} zxing_EanAddOnSymbol;

void zxing_ReaderOptions_setEanAddOnSymbol(zxing_ReaderOptions* opts, zxing_EanAddOnSymbol v);
/// shim: 1.4 knobs that 2.x dropped (there Code 39 extended mode is decided by the caller).
void zxing_ReaderOptions_setTryCode39ExtendedMode(zxing_ReaderOptions* opts, bool v);
void zxing_ReaderOptions_setValidateCode39CheckSum(zxing_ReaderOptions* opts, bool v);
void zxing_ReaderOptions_setValidateITFCheckSum(zxing_ReaderOptions* opts, bool v);
/// Keep Codabar's start and stop characters (A-D) in the text (zxing strips them by default;
/// 2.x has the same option).
void zxing_ReaderOptions_setReturnCodabarStartEnd(zxing_ReaderOptions* opts, bool v);

bool zxing_ReaderOptions_getTryHarder(const zxing_ReaderOptions* opts);
bool zxing_ReaderOptions_getTryRotate(const zxing_ReaderOptions* opts);
bool zxing_ReaderOptions_getTryDownscale(const zxing_ReaderOptions* opts);
bool zxing_ReaderOptions_getIsPure(const zxing_ReaderOptions* opts);
zxing_BarcodeFormats zxing_ReaderOptions_getFormats(const zxing_ReaderOptions* opts);
zxing_Binarizer zxing_ReaderOptions_getBinarizer(const zxing_ReaderOptions* opts);
int zxing_ReaderOptions_getMaxNumberOfSymbols(const zxing_ReaderOptions* opts);

// MARK: Barcode (one decoded symbol, copied out of zxing)

typedef enum {
    zxing_ContentType_Text,
    zxing_ContentType_Binary,
    zxing_ContentType_Mixed,
    zxing_ContentType_GS1,
    zxing_ContentType_ISO15434,
    zxing_ContentType_UnknownECI,
} zxing_ContentType;

typedef struct zxing_PointI { int x, y; } zxing_PointI;
typedef struct zxing_Position { zxing_PointI topLeft, topRight, bottomRight, bottomLeft; } zxing_Position;

bool zxing_Barcode_isValid(const zxing_Barcode* barcode);
/// The error message when not valid, "" otherwise (free with zxing_free).
char* zxing_Barcode_errorMsg(const zxing_Barcode* barcode);
zxing_BarcodeFormat zxing_Barcode_format(const zxing_Barcode* barcode);
zxing_ContentType zxing_Barcode_contentType(const zxing_Barcode* barcode);
/// The raw payload bytes, no character-set conversion (free with zxing_free; *len set).
uint8_t* zxing_Barcode_bytes(const zxing_Barcode* barcode, int* len);
/// The payload as UTF-8 text (free with zxing_free). shim: a GS1 symbol's text is its human
/// readable form, AIs in parentheses (upstream 2.x: TextMode::HRI); bytes() keeps the raw element
/// string with GS separators.
char* zxing_Barcode_text(const zxing_Barcode* barcode);
char* zxing_Barcode_ecLevel(const zxing_Barcode* barcode);
char* zxing_Barcode_symbologyIdentifier(const zxing_Barcode* barcode);
/// Corners in the pixels of the image view that was read.
zxing_Position zxing_Barcode_position(const zxing_Barcode* barcode);
/// Degrees as zxing reports it: atan2 of the reading direction in y-down pixels, so clockwise.
int zxing_Barcode_orientation(const zxing_Barcode* barcode);
bool zxing_Barcode_hasECI(const zxing_Barcode* barcode);
bool zxing_Barcode_isMirrored(const zxing_Barcode* barcode);
int zxing_Barcode_lineCount(const zxing_Barcode* barcode);
/// Structured append (one message split over several symbols): the number of symbols in the
/// sequence (-1: not part of one; 0: unknown, PDF417 without a segment count), this symbol's
/// 0-based index (-1 when not part of one), and the sequence's id (QR: the parity as a decimal
/// string; PDF417 and Data Matrix: the file id; "" when the symbology has none). Free the id
/// with zxing_free.
int zxing_Barcode_sequenceSize(const zxing_Barcode* barcode);
int zxing_Barcode_sequenceIndex(const zxing_Barcode* barcode);
char* zxing_Barcode_sequenceId(const zxing_Barcode* barcode);
/// shim: the EAN-2/EAN-5 add-on of an EAN/UPC symbol read with an add-on mode, "" when none
/// (zxing's `GTIN::EanAddOn`; the text then ends with it). Free with zxing_free.
char* zxing_Barcode_eanAddOn(const zxing_Barcode* barcode);

// MARK: Reading

/// The first symbol found; NULL when none was found or on error (then zxing_LastErrorMsg()).
/// shim: upstream returns an invalid barcode for "none"; 1.4's single read is kept as is.
zxing_Barcode* zxing_ReadBarcode(const zxing_ImageView* iv, const zxing_ReaderOptions* opts);
/// All symbols found (possibly none); NULL only on error (then zxing_LastErrorMsg()).
zxing_Barcodes* zxing_ReadBarcodes(const zxing_ImageView* iv, const zxing_ReaderOptions* opts);

void zxing_Barcode_delete(zxing_Barcode* barcode);
void zxing_Barcodes_delete(zxing_Barcodes* barcodes);
int zxing_Barcodes_size(const zxing_Barcodes* barcodes);
/// Borrowed: valid until the list is deleted.
const zxing_Barcode* zxing_Barcodes_at(const zxing_Barcodes* barcodes, int i);

// MARK: GS1

/// shim: the human readable form of a raw GS1 element string (AIs in parentheses; GS separates a
/// variable-length field from the next), by zxing-cpp's own `HRIFromGS1`; NULL when the string
/// is not a valid element string. Free with zxing_free.
char* zxing_HRIFromGS1(const char* raw);

// MARK: Errors and memory

/// The message of the last failure on this thread, or NULL when none (free with zxing_free).
char* zxing_LastErrorMsg(void);
void zxing_free(void* ptr);

#ifdef __cplusplus
}
#endif
