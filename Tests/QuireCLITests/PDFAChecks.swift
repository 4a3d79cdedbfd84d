import Foundation
import XCTest
import XML

/// The rules veraPDF fails most often for PDF/A-2b, checked with the tools Debian has (veraPDF
/// is not available here): every font embedded (`pdffonts`), an XMP packet that libxml2 parses
/// with `pdfaid:part` 2 and `pdfaid:conformance` B, the Info dictionary equal to the XMP
/// (title, producer, creator tool, dates), one OutputIntent `GTS_PDFA1` with an embedded ICC
/// profile, no encryption, no JavaScript, a trailer `/ID`, `qpdf --check` clean, every page
/// rendered by `pdftoppm`. Not checked: colour spaces against the intent, annotation flags,
/// font widths against the font programs, the XMP schemas' value types.
enum PDFAChecks {
    /// The problems found (empty: the file passes).
    static func problems(_ pdf: String) throws -> [String] {
        var problems: [String] = []
        let check = try ChildProcess.run("/usr/bin/qpdf", ["--check", pdf])
        if check.status != 0 || !check.stdout.contains("No syntax or stream encoding errors") {
            problems.append("qpdf --check: \(check.stdout.suffix(300)) \(check.stderr.suffix(300))")
        }
        let fonts = try ChildProcess.run("/usr/bin/pdffonts", [pdf])
        for line in fonts.stdout.split(separator: "\n").dropFirst(2) {
            // name type [type…] encoding emb sub uni id gen: emb is the 5th field from the end.
            let fields = line.split(separator: " ")
            if fields.count >= 7, fields[fields.count - 5] != "yes" { problems.append("font not embedded: \(line)") }
        }
        let json = try ChildProcess.run("/usr/bin/qpdf", ["--json=2", "--json-key=qpdf", "--json-stream-data=inline",
                                                           "--decode-level=generalized", pdf])
        guard let top = try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any],
              let parts = top["qpdf"] as? [Any], parts.count == 2, let objects = parts[1] as? [String: Any] else {
            return problems + ["qpdf --json failed: \(json.stderr.prefix(200))"]
        }
        func object(_ reference: Any?) -> Any? {
            guard let ref = reference as? String, ref.hasSuffix(" R") else { return reference }
            return objects["obj:" + ref]
        }
        func value(_ reference: Any?) -> [String: Any]? {
            let o = object(reference) as? [String: Any]
            return (o?["value"] as? [String: Any]) ?? (o?["stream"] as? [String: Any])?["dict"] as? [String: Any] ?? (reference as? [String: Any])
        }
        func streamData(_ reference: Any?) -> Data? {
            ((object(reference) as? [String: Any])?["stream"] as? [String: Any])?["data"].flatMap { $0 as? String }.flatMap { Data(base64Encoded: $0) }
        }
        func text(_ v: Any?) -> String? {
            guard let s = v as? String else { return nil }
            if s.hasPrefix("u:") { return String(s.dropFirst(2)) }
            if s.hasPrefix("b:") {
                var bytes: [UInt8] = []
                var hex = Substring(s.dropFirst(2))
                while hex.count >= 2 { bytes.append(UInt8(hex.prefix(2), radix: 16) ?? 0); hex = hex.dropFirst(2) }
                if bytes.starts(with: [0xFE, 0xFF]) {
                    let units = stride(from: 2, to: bytes.count - 1, by: 2).map { UInt16(bytes[$0]) << 8 | UInt16(bytes[$0 + 1]) }
                    return String(decoding: units, as: UTF16.self)
                }
                return String(decoding: bytes, as: UTF8.self)
            }
            return s
        }
        let trailer = (objects["trailer"] as? [String: Any])?["value"] as? [String: Any] ?? [:]
        if trailer["/Encrypt"] != nil { problems.append("encrypted") }
        if (trailer["/ID"] as? [Any])?.count != 2 { problems.append("no trailer /ID") }
        guard let root = value(trailer["/Root"]) else { return problems + ["no catalog"] }
        if let names = value(root["/Names"]), names["/JavaScript"] != nil { problems.append("JavaScript in /Names") }
        if root["/OpenAction"] != nil || root["/AA"] != nil { problems.append("catalog actions") }
        let intents = (object(root["/OutputIntents"]) as? [String: Any])?["value"] as? [Any] ?? root["/OutputIntents"] as? [Any] ?? []
        if intents.count != 1 { problems.append("\(intents.count) OutputIntents") }
        for intent in intents {
            let dict = value(intent) ?? [:]
            if dict["/S"] as? String != "/GTS_PDFA1" { problems.append("OutputIntent /S is \(dict["/S"] ?? "missing")") }
            guard let profile = streamData(dict["/DestOutputProfile"]), profile.count > 128,
                  String(decoding: profile[36..<40], as: UTF8.self) == "acsp" else {
                problems.append("OutputIntent without an embedded ICC profile"); continue
            }
            if value(dict["/DestOutputProfile"])?["/N"] as? Int != 3 { problems.append("ICC profile /N is not 3") }
        }
        guard let metadata = streamData(root["/Metadata"]) else { return problems + ["no XMP metadata stream"] }
        if value(root["/Metadata"])?["/Filter"] != nil { problems.append("the XMP stream is filtered") }
        let xmp: XMLElement
        do { xmp = try XMLParser.parseXML(Array(metadata)) } catch { return problems + ["XMP does not parse: \(error)"] }
        func property(_ name: String) -> String? {
            xmp.descendants { $0.name == name || $0.name == name.split(separator: ":").last.map(String.init) }.first.map { $0.allText.trimmingCharacters(in: .whitespacesAndNewlines) }
        }
        if property("pdfaid:part") != "2" { problems.append("pdfaid:part is \(property("pdfaid:part") ?? "missing")") }
        if property("pdfaid:conformance") != "B" { problems.append("pdfaid:conformance is \(property("pdfaid:conformance") ?? "missing")") }
        let info = value(trailer["/Info"]) ?? [:]
        let pairs = [("/Title", "dc:title"), ("/Author", "dc:creator"), ("/Subject", "dc:description"), ("/Keywords", "pdf:Keywords"),
                     ("/Creator", "xmp:CreatorTool"), ("/Producer", "pdf:Producer")]
        for (key, name) in pairs where text(info[key]) != property(name) {
            problems.append("Info \(key) '\(text(info[key]) ?? "-")' ≠ XMP \(name) '\(property(name) ?? "-")'")
        }
        for (key, name) in [("/CreationDate", "xmp:CreateDate"), ("/ModDate", "xmp:ModifyDate")] {
            let infoDate = text(info[key]).map(infoToXMP), xmpDate = property(name)
            if infoDate != xmpDate { problems.append("Info \(key) \(infoDate ?? "-") ≠ XMP \(name) \(xmpDate ?? "-")") }
        }
        let out = FileManager.default.temporaryDirectory.appendingPathComponent("pdfa-check-\(UUID().uuidString)").path
        defer { for page in (try? FileManager.default.contentsOfDirectory(atPath: (out as NSString).deletingLastPathComponent)) ?? []
                where page.hasPrefix((out as NSString).lastPathComponent) { try? FileManager.default.removeItem(atPath: (out as NSString).deletingLastPathComponent + "/" + page) } }
        let render = try ChildProcess.run("/usr/bin/pdftoppm", ["-r", "12", "-gray", pdf, out])
        if render.status != 0 || render.stderr.contains("Error") { problems.append("pdftoppm: \(render.stderr.prefix(300))") }
        return problems
    }

    /// `D:20261202151357+00'00'` → `2026-12-02T15:13:57+00:00`.
    static func infoToXMP(_ d: String) -> String {
        let s = Array(d.hasPrefix("D:") ? d.dropFirst(2) : Substring(d))
        guard s.count >= 14 else { return d }
        let t = String(s)
        func part(_ a: Int, _ b: Int) -> String { String(t.dropFirst(a).prefix(b - a)) }
        var zone = "Z"
        if s.count >= 20 { zone = String(s[14]) + part(15, 17) + ":" + part(18, 20) }
        return "\(part(0, 4))-\(part(4, 6))-\(part(6, 8))T\(part(8, 10)):\(part(10, 12)):\(part(12, 14))\(zone)"
    }

    static func assertConforms(_ pdf: String, file: StaticString = #filePath, line: UInt = #line) throws {
        let found = try problems(pdf)
        XCTAssertEqual(found, [], "\((pdf as NSString).lastPathComponent) is not PDF/A-2b", file: file, line: line)
    }
}
