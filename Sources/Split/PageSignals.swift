import DocumentModel

/// What the splitter knows about one page of an input file: its stored barcodes, whether it is
/// blank, the patch code on it. Plain values, read from the database.
public struct PageSignals: Sendable, Equatable {
    public var number: Int
    public var barcodes: [(symbology: Symbology, payload: String)]
    public var blank: Bool
    /// `PATCH 2`, `PATCH T`… (``PatchCode/payload``).
    public var patchCode: String?

    public init(number: Int, barcodes: [(symbology: Symbology, payload: String)] = [], blank: Bool = false,
                patchCode: String? = nil) {
        self.number = number; self.barcodes = barcodes; self.blank = blank; self.patchCode = patchCode
    }

    public static func == (a: PageSignals, b: PageSignals) -> Bool {
        a.number == b.number && a.blank == b.blank && a.patchCode == b.patchCode
            && a.barcodes.map(\.symbology) == b.barcodes.map(\.symbology) && a.barcodes.map(\.payload) == b.barcodes.map(\.payload)
    }
}

/// One logical document cut out of an input file.
public struct LogicalDocument: Sendable, Equatable, Codable {
    /// 1-based, in page order within the input file.
    public var part: Int
    /// Page numbers of the input file it holds, in order (separator sheets and dropped blank
    /// pages left out).
    public var pages: [Int]
    /// What started it: a separator payload, `blank page`, `ASN`, or nil (the file's start).
    public var separator: String?
    /// The page of the separator that started it.
    public var separatorPage: Int?
    public var asn: Int?
    /// Sorted, without duplicates.
    public var tags: [String]

    public var firstPage: Int { pages.first ?? 0 }
    public var lastPage: Int { pages.last ?? 0 }

    public init(part: Int, pages: [Int], separator: String?, separatorPage: Int?, asn: Int?, tags: [String]) {
        self.part = part; self.pages = pages; self.separator = separator; self.separatorPage = separatorPage
        self.asn = asn; self.tags = tags
    }
}

/// Something in a batch that a person should look at.
public struct SplitProblem: Sendable, Equatable, Codable {
    public enum Kind: String, Sendable, Codable {
        /// A barcode with the ASN prefix whose rest is not a number.
        case unparsableASN = "unparsable_asn"
        /// Two different ASNs in one logical document.
        case conflictingASN = "conflicting_asn"
        /// The file starts with a page that is no separator, and the pipeline expects one.
        case missingSeparator = "missing_separator"
    }
    public var kind: Kind
    public var page: Int
    public var message: String
    public init(kind: Kind, page: Int, message: String) { self.kind = kind; self.page = page; self.message = message }
}
