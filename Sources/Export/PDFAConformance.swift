import Foundation
import QPDF

/// What PDF/A-2b (ISO 19005-2, level B) asks of a file that editing with qpdf can give it, and
/// what it cannot: `reasonsToConvert` names what only a conversion (Ghostscript) can mend,
/// `finish` adds what every PDF/A file needs (OutputIntent, XMP, Info kept equal) and removes
/// what editing may remove.
enum PDFAConformance {
    /// Ghostscript's sRGB profile, installed by Debian's `libgs-common` (a dependency of `ghostscript`).
    static let sRGBProfilePath = "/usr/share/color/icc/ghostscript/srgb.icc"

    static func sRGBProfile() throws -> [UInt8] {
        guard let data = FileManager.default.contents(atPath: sRGBProfilePath) else {
            throw ExportError(message: "PDF/A needs the sRGB ICC profile \(sRGBProfilePath) (install the Debian package libgs-common)")
        }
        return Array(data)
    }

    /// Why the PDF cannot be made PDF/A-2b by editing (empty: it can).
    static func reasonsToConvert(_ pdf: QPDFDocument) -> [String] {
        var inspection = Inspection(pdf: pdf)
        inspection.run()
        return inspection.reasons
    }

    /// Adds the OutputIntent (sRGB), the XMP packet and the Info dictionary (equal), and removes
    /// actions and JavaScript entries from the catalog.
    static func finish(_ pdf: QPDFDocument, metadata: ArchiveMetadata) throws {
        let root = pdf.root
        for key in ["/AA", "/OpenAction", "/OutputIntents", "/Perms", "/Collection", "/Threads", "/Legal"] where pdf.key(root, key) != nil {
            try pdf.removeKey(root, key)
        }
        if let names = pdf.key(root, "/Names"), pdf.isDictionary(names) {
            for key in ["/JavaScript", "/EmbeddedFiles", "/AlternatePresentations"] where pdf.key(names, key) != nil {
                try pdf.removeKey(names, key)
            }
        }
        let profile = try pdf.stream(try sRGBProfile(), dictionary: ["/N": "3"])
        let intent = try pdf.dictionary([
            "/Type": try pdf.parse("/OutputIntent"), "/S": try pdf.parse("/GTS_PDFA1"),
            "/OutputConditionIdentifier": pdf.string("sRGB IEC61966-2.1"), "/Info": pdf.string("sRGB IEC61966-2.1"),
            "/RegistryName": pdf.string("http://www.color.org"), "/DestOutputProfile": profile,
        ])
        try pdf.setKey(root, "/OutputIntents", pdf.array([try pdf.indirect(intent)]))
        // The metadata stream is written unfiltered: qpdf leaves /Type /Metadata streams uncompressed.
        let xmp = try pdf.stream(try metadata.xmp(), dictionary: ["/Type": "/Metadata", "/Subtype": "/XML"])
        try pdf.setKey(root, "/Metadata", xmp)
        let info = try pdf.parse("<< >>")
        for (key, value) in metadata.info { try pdf.setKey(info, key, pdf.string(value)) }
        try pdf.setKey(info, "/CreationDate", pdf.string(metadata.infoDate))
        try pdf.setKey(info, "/ModDate", pdf.string(metadata.infoDate))
        try pdf.setKey(pdf.trailer, "/Info", try pdf.indirect(info))
    }

    /// The input's own Info entries worth keeping.
    static func ownInfo(_ pdf: QPDFDocument) -> (title: String?, author: String?, subject: String?, keywords: String?) {
        guard let info = pdf.key(pdf.trailer, "/Info"), pdf.isDictionary(info) else { return (nil, nil, nil, nil) }
        func text(_ key: String) -> String? { pdf.key(info, key).flatMap(pdf.text) }
        return (text("/Title"), text("/Author"), text("/Subject"), text("/Keywords"))
    }

    /// A walk over the pages, their resources (fonts, graphics states, images, forms) and
    /// annotations, collecting what PDF/A-2 forbids or what needs a colour conversion.
    private struct Inspection {
        let pdf: QPDFDocument
        var reasons: [String] = []
        var seen: Set<Int> = []

        mutating func note(_ reason: String) { if !reasons.contains(reason) { reasons.append(reason) } }

        /// True the first time an indirect object is met (direct ones are always visited).
        mutating func first(_ object: QPDFDocument.Object) -> Bool {
            let id = pdf.objectID(object)
            return id == 0 || seen.insert(id).inserted
        }

        mutating func run() {
            if Double(pdf.version).map({ $0 > 1.7 }) ?? false { note("PDF \(pdf.version) (PDF/A-2 is based on PDF 1.7)") }
            let root = pdf.root
            if let names = pdf.key(root, "/Names"), pdf.key(names, "/JavaScript") != nil { note("JavaScript") }
            if let action = pdf.key(root, "/OpenAction"), pdf.isDictionary(action),
               let kind = pdf.key(action, "/S").flatMap(pdf.name), kind != "/GoTo" { note("an opening action (\(kind))") }
            if let form = pdf.key(root, "/AcroForm"), pdf.isDictionary(form) {
                if pdf.key(form, "/XFA") != nil { note("an XFA form") }
                if pdf.key(form, "/NeedAppearances") != nil { note("form fields without appearances (NeedAppearances)") }
            }
            for index in 0..<pdf.pageCount {
                guard let page = try? pdf.page(index) else { continue }
                if transparencyGroup(page) { note("transparency") }
                if pdf.key(page, "/AA") != nil { note("page actions") }
                if let resources = pdf.key(page, "/Resources") { inspect(resources: resources) }
                if let content = pdf.pageContent(page) { inspect(content: content) }
                if let annots = pdf.key(page, "/Annots"), pdf.isArray(annots) { pdf.items(annots).forEach { inspect(annotation: $0) } }
            }
        }

        func transparencyGroup(_ object: QPDFDocument.Object) -> Bool {
            guard let group = pdf.key(object, "/Group"), pdf.isDictionary(group) else { return false }
            return pdf.key(group, "/S").flatMap(pdf.name) == "/Transparency"
        }

        mutating func inspect(annotation: QPDFDocument.Object) {
            guard pdf.isDictionary(annotation), first(annotation) else { return }
            let subtype = pdf.key(annotation, "/Subtype").flatMap(pdf.name) ?? ""
            if ["/Movie", "/Sound", "/Screen", "/3D", "/RichMedia", "/FileAttachment"].contains(subtype) {
                note("a \(subtype.dropFirst()) annotation"); return
            }
            if subtype == "/Popup" { return }
            let flags = pdf.key(annotation, "/F").flatMap(pdf.integer) ?? 0
            if flags & 4 == 0 || flags & 0b100011 != 0 { note("annotations not set to print") }
            if subtype != "/Link", pdf.key(annotation, "/AP") == nil { note("annotations without appearance") }
            if let action = pdf.key(annotation, "/A"), let kind = pdf.key(action, "/S").flatMap(pdf.name),
               !["/GoTo", "/GoToR", "/URI", "/Named", "/Thread", "/SubmitForm", "/ResetForm"].contains(kind) {
                note("a \(kind.dropFirst()) action")
            }
        }

        mutating func inspect(resources: QPDFDocument.Object) {
            guard pdf.isDictionary(resources), first(resources) else { return }
            for (name, entries) in ["/Font", "/ExtGState", "/XObject", "/ColorSpace"].compactMap({ k in pdf.key(resources, k).map { (k, $0) } })
            where pdf.isDictionary(entries) {
                for key in pdf.keys(entries) {
                    guard let item = pdf.key(entries, key) else { continue }
                    switch name {
                    case "/Font": inspect(font: item)
                    case "/ExtGState": inspect(graphicsState: item)
                    case "/XObject": inspect(xobject: item)
                    default: inspect(colorSpace: item)
                    }
                }
            }
        }

        mutating func inspect(font: QPDFDocument.Object) {
            guard pdf.isDictionary(font), first(font) else { return }
            let subtype = pdf.key(font, "/Subtype").flatMap(pdf.name)
            let base = pdf.key(font, "/BaseFont").flatMap(pdf.name) ?? "?"
            if subtype == "/Type3" {
                if let resources = pdf.key(font, "/Resources") { inspect(resources: resources) }
                return
            }
            var described = font
            if subtype == "/Type0", let descendants = pdf.key(font, "/DescendantFonts"), let cid = pdf.items(descendants).first {
                described = cid
            }
            let descriptor = pdf.key(described, "/FontDescriptor")
            let embedded = descriptor.map { d in ["/FontFile", "/FontFile2", "/FontFile3"].contains { pdf.key(d, $0) != nil } } ?? false
            if !embedded { note("font \(base.dropFirst()) not embedded") }
        }

        mutating func inspect(graphicsState gs: QPDFDocument.Object) {
            guard pdf.isDictionary(gs), first(gs) else { return }
            if let mask = pdf.key(gs, "/SMask"), pdf.name(mask) != "/None" { note("transparency") }
            for key in ["/CA", "/ca"] {
                if let alpha = pdf.key(gs, key), let value = pdf.numbers(pdf.array([alpha]))?.first, value < 1 { note("transparency") }
            }
            if let blend = pdf.key(gs, "/BM"), let mode = pdf.name(blend), mode != "/Normal", mode != "/Compatible" { note("transparency") }
            if pdf.key(gs, "/TR") != nil || pdf.key(gs, "/TR2").flatMap(pdf.name).map({ $0 != "/Default" }) ?? false {
                note("transfer functions")
            }
        }

        mutating func inspect(xobject: QPDFDocument.Object) {
            guard pdf.isStream(xobject), first(xobject) else { return }
            let subtype = pdf.key(xobject, "/Subtype").flatMap(pdf.name)
            if let filter = pdf.key(xobject, "/Filter"), pdf.isOrHasName(filter, "/LZWDecode") { note("LZW compression") }
            switch subtype {
            case "/Image":
                if let mask = pdf.key(xobject, "/SMask"), pdf.isStream(mask) { note("transparency") }
                if let space = pdf.key(xobject, "/ColorSpace") { inspect(colorSpace: space) }
                if pdf.key(xobject, "/Alternates") != nil || pdf.key(xobject, "/OPI") != nil { note("alternate images") }
                if pdf.key(xobject, "/Interpolate") != nil { note("interpolated images") }
            case "/Form":
                if transparencyGroup(xobject) { note("transparency") }
                if let resources = pdf.key(xobject, "/Resources") { inspect(resources: resources) }
                if let content = pdf.streamData(xobject) { inspect(content: content) }
            case "/PS":
                note("PostScript XObjects")
            default: break
            }
        }

        mutating func inspect(colorSpace: QPDFDocument.Object) {
            if pdf.name(colorSpace) == "/DeviceCMYK" { note("CMYK colour without a CMYK intent") }
            if pdf.isArray(colorSpace), first(colorSpace) {
                for item in pdf.items(colorSpace) where pdf.name(item) == "/DeviceCMYK" || pdf.isArray(item) { inspect(colorSpace: item) }
            }
        }

        /// Content operators that paint in DeviceCMYK (`k`, `K`) or call PostScript (`PS`).
        mutating func inspect(content: [UInt8]) {
            var token: [UInt8] = []
            var cmyk = false
            func flush(_ cmyk: inout Bool) {
                if token == [0x6B] || token == [0x4B] { cmyk = true }
                token.removeAll(keepingCapacity: true)
            }
            var inString = 0
            for byte in content {
                if inString > 0 {
                    if byte == 0x28 { inString += 1 } else if byte == 0x29 { inString -= 1 }
                    continue
                }
                switch byte {
                case 0x28: flush(&cmyk); inString = 1
                case 0x20, 0x0A, 0x0D, 0x09, 0x0C, 0x00, 0x5B, 0x5D, 0x3C, 0x3E, 0x2F: flush(&cmyk)
                default: token.append(byte)
                }
            }
            flush(&cmyk)
            if cmyk { note("CMYK colour without a CMYK intent") }
        }
    }
}
