import DocumentModel

/// The `split:` section of a pipeline file (docs/pipeline-files.md#splitting-batch-scans): how a
/// batch scan becomes logical documents.
public struct SplitSettings: Codable, Sendable, Equatable {
    /// Set when the pipeline file has a `split:` section (and `enabled` is not false).
    public var enabled = false
    /// Payloads of separator sheets: a barcode's exact payload, or `/regex/` (searched in the
    /// payload). A patch-code sheet reads as `PATCH 1`, `PATCH 2`, `PATCH 3`, `PATCH 4`,
    /// `PATCH 6` or `PATCH T`.
    public var separators: [PayloadPattern] = [PayloadPattern("PATCH T")]
    /// Only barcodes of these symbologies count as separators (nil: any).
    public var separatorSymbologies: [Symbology]?
    /// Whether a separator sheet stays as the first page of the document it starts.
    public var keepSeparatorPages = false
    /// An ASN label: this prefix followed by digits (`ASN00042`). Empty: no ASNs are read.
    public var asnPrefix = "ASN"
    /// Whether a page with an ASN different from the current document's starts a new document.
    public var asnStartsDocument = false
    /// Tag rules in order: a payload matching `pattern` (from its start) gives the tag
    /// `template` (`\1`, `\g<1>` or `$1` name a group). Paperless-ngx's default: `TAG:(.*)` → `\1`.
    public var tags: [TagRule] = [TagRule(pattern: "TAG:(.*)", template: "\\1")]
    /// Whether Kodak patch-code sheets are looked for on the page images.
    public var patchCodes = true
    /// What a blank page does.
    public var blankPages: BlankPagePolicy = .drop
    /// Whether each input file is expected to start with a separator sheet (a problem otherwise).
    public var requireSeparator = false

    public init() {}
}

/// What a blank page does in a batch.
public enum BlankPagePolicy: String, Codable, Sendable, CaseIterable {
    /// Left out of the logical documents.
    case drop
    /// Kept as a page of its document.
    case keep
    /// Ends a document: the next page that is not blank starts the next one.
    case separator
}

/// A barcode payload to look for: an exact payload, or a regular expression written `/…/`.
public struct PayloadPattern: Codable, Sendable, Equatable, CustomStringConvertible {
    /// As written in the pipeline file.
    public var written: String
    public init(_ written: String) { self.written = written }

    /// The regular expression between slashes, when it is one.
    public var regex: String? {
        written.count >= 2 && written.hasPrefix("/") && written.hasSuffix("/") ? String(written.dropFirst().dropLast()) : nil
    }

    public var description: String { written }
}

/// A payload pattern and the tag it gives.
public struct TagRule: Codable, Sendable, Equatable {
    public var pattern: String
    public var template: String
    public init(pattern: String, template: String) { self.pattern = pattern; self.template = template }
}
