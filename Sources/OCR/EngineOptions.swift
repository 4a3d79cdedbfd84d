import CTesseract

/// Tesseract's OCR engine modes (`TessOcrEngineMode`).
public enum OCREngineMode: Sendable {
    /// The LSTM recogniser only (Debian's fast models hold only this).
    case lstm
    /// The legacy recogniser only (needed for orientation detection).
    case legacy
    /// Both combined (needs the standard models).
    case combined
    /// Whatever the model provides.
    case `default`

    var tess: TessOcrEngineMode {
        switch self {
        case .lstm: return OEM_LSTM_ONLY
        case .legacy: return OEM_TESSERACT_ONLY
        case .combined: return OEM_TESSERACT_LSTM_COMBINED
        case .default: return OEM_DEFAULT
        }
    }
}

/// How Tesseract segments the image (`TessPageSegMode`, a subset).
public enum PageSegmentation: Sendable, Hashable {
    /// Full automatic layout analysis (what a page needs; the C API's default is `.singleBlock`).
    case auto
    case singleColumn
    case singleBlock
    /// The image is one text line (line re-reads).
    case singleLine
    case singleWord
    /// As much text as possible in no particular order.
    case sparseText
    /// One line, bypassing Tesseract-specific hacks.
    case rawLine

    var tess: TessPageSegMode {
        switch self {
        case .auto: return PSM_AUTO
        case .singleColumn: return PSM_SINGLE_COLUMN
        case .singleBlock: return PSM_SINGLE_BLOCK
        case .singleLine: return PSM_SINGLE_LINE
        case .singleWord: return PSM_SINGLE_WORD
        case .sparseText: return PSM_SPARSE_TEXT
        case .rawLine: return PSM_RAW_LINE
        }
    }
}

/// Whether Tesseract re-reads its weak lines inverted (`tessedit_do_invert`: a line read below
/// its certainty threshold is read again as light text on a dark ground, and the better reading
/// is kept). Measured with the CLI on the 44 dev pages, which hold no such text: 3.7 % of the
/// CPU time, and the same text without it.
public enum InvertedLines: Sendable, Hashable {
    case always
    case never
    /// Only when Tesseract's own binarised page (`TessBaseAPIGetThresholdedImage`, the image it
    /// reads) has a dark area that could hold light text of this x-height in pixels
    /// (`Image.mayHoldLightText`).
    case whereDarkAreas(xHeight: Double)
}
