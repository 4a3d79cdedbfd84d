import CTesseract
import DocumentModel

/// Owns a `TessResultIterator` (from `TessBaseAPIGetIterator` or `TessResultIteratorCopy`),
/// deleted in `deinit`. Valid only until the engine's next `SetImage`/`Recognize`/`Clear`
/// (baseapi.h), so it never leaves the engine's recognise call.
final class ResultIterator {
    private let iterator: OpaquePointer

    init?(taking iterator: OpaquePointer?) {
        guard let iterator else { return nil }
        self.iterator = iterator
    }

    deinit { TessResultIteratorDelete(iterator) }

    /// The page-iterator view of this result iterator. `TessResultIteratorGetPageIterator` returns
    /// the same object seen as its base class: it must not be deleted, and it moves with `self`.
    var page: PageIteratorView { PageIteratorView(iterator: TessResultIteratorGetPageIterator(iterator)) }

    func next(_ level: TessPageIteratorLevel) -> Bool { TessResultIteratorNext(iterator, level) != 0 }

    /// The text at `level`, copied; Tesseract's string is freed with `TessDeleteText`.
    func text(_ level: TessPageIteratorLevel) -> String? {
        guard let c = TessResultIteratorGetUTF8Text(iterator, level) else { return nil }
        defer { TessDeleteText(c) }
        return String(cString: c)
    }

    func confidence(_ level: TessPageIteratorLevel) -> Double {
        Double(TessResultIteratorConfidence(iterator, level))
    }

    var wordIsFromDictionary: Bool { TessResultIteratorWordIsFromDictionary(iterator) != 0 }
}

/// A non-owning view of a `TessPageIterator` (the base-class side of a result iterator).
struct PageIteratorView {
    let iterator: OpaquePointer?

    func begin() { TessPageIteratorBegin(iterator) }
    func next(_ level: TessPageIteratorLevel) -> Bool { TessPageIteratorNext(iterator, level) != 0 }
    func isAtBeginning(of level: TessPageIteratorLevel) -> Bool {
        TessPageIteratorIsAtBeginningOf(iterator, level) != 0
    }

    /// The bounding box at `level` in image pixels, nil for an empty element.
    func box(_ level: TessPageIteratorLevel) -> Box? {
        var l: Int32 = 0, t: Int32 = 0, r: Int32 = 0, b: Int32 = 0
        guard TessPageIteratorBoundingBox(iterator, level, &l, &t, &r, &b) != 0 else { return nil }
        return Box(x: Int(l), y: Int(t), width: Int(r - l), height: Int(b - t))
    }

    var blockType: TessPolyBlockType { TessPageIteratorBlockType(iterator) }
}

extension RegionHintKind {
    /// The hint kind for Tesseract's `PolyBlockType`.
    init(_ type: TessPolyBlockType) {
        switch type {
        case PT_FLOWING_TEXT, PT_PULLOUT_TEXT, PT_VERTICAL_TEXT: self = .text
        case PT_HEADING_TEXT: self = .heading
        case PT_TABLE: self = .table
        case PT_CAPTION_TEXT: self = .caption
        case PT_FLOWING_IMAGE, PT_HEADING_IMAGE, PT_PULLOUT_IMAGE: self = .image
        case PT_HORZ_LINE: self = .horizontalLine
        case PT_VERT_LINE: self = .verticalLine
        default: self = .other
        }
    }

    /// Whether words in such a block are text (line and image blocks come back with
    /// whitespace "words" at high confidence).
    var holdsText: Bool {
        switch self {
        case .image, .horizontalLine, .verticalLine: return false
        default: return true
        }
    }
}

/// Leptonica (imported through CTesseract) also has a `Box`: in this module, `Box` is the page box.
typealias Box = DocumentModel.Box
