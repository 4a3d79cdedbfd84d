/// The stages a page goes through, in the order a worker runs them.
///
/// `preprocess` (orientation, deskew) belongs to `extract` for fingerprints and storage; it is
/// named on its own in failures so a crash in OSD is told apart from one in poppler.
public enum Stage: String, Codable, Sendable, CaseIterable, Comparable {
    case extract, preprocess, ocr, barcodes, layout

    public static func < (a: Stage, b: Stage) -> Bool {
        allCases.firstIndex(of: a)! < allCases.firstIndex(of: b)!
    }

    /// Stages whose outputs are stored and fingerprinted (`page_stages.stage`).
    public static let stored: [Stage] = [.extract, .ocr, .barcodes, .layout]

    /// The stored stage whose output this stage's work belongs to.
    public var storedStage: Stage { self == .preprocess ? .extract : self }

    /// Stored stages that must be redone when this one is redone (itself included).
    public var withDependents: Set<Stage> {
        switch self {
        case .extract, .preprocess: return [.extract, .ocr, .layout, .barcodes]
        case .ocr: return [.ocr, .layout]
        case .layout: return [.layout]
        // Layout places the barcodes in the page's structure and leaves out words inside them.
        case .barcodes: return [.barcodes, .layout]
        }
    }
}
