import QPDF

/// What a text-layer PDF page's content streams say about barcodes, read before any raster is
/// made (``PageExtractor``, from ``QPDF/PageDrawing``). The barcode stage acts on it.
public enum DrawingVerdict: Sendable, Equatable {
    /// Images, or a drawing shaped like a code: the page is rendered in full and searched.
    case mayHoldCodes
    /// Text, rulings and frames only: nothing a code could be drawn with, so no full raster
    /// is made and no search runs.
    case noCodes
    /// Content over the drawing budget (what it holds, e.g. "3355 form XObjects"): not
    /// rendered at all (its text is kept), barcodes not searched.
    case tooComplex(String)

    /// The verdict on `drawing` within `budget`.
    init(_ drawing: PageDrawing, budget: DrawingBudget) {
        if drawing.isOver(budget) {
            var parts = ["\(drawing.operators)\(drawing.complete ? "" : "+") operators"]
            if drawing.forms > 0 { parts.append("\(drawing.forms) form XObjects") }
            if drawing.softMasks > 0 { parts.append("\(drawing.softMasks) soft masks") }
            self = .tooComplex(parts.joined(separator: ", "))
        } else {
            self = drawing.codeCandidates().isEmpty ? .noCodes : .mayHoldCodes
        }
    }
}
