import Foundation

// A page's text is most of what workers send the coordinator (thousands of words per page), and
// keyed JSON made coding it a quarter of the CPU of a born-digital page. It is coded instead as
// one `Data` of a compact binary form: raw bytes in the worker pipe's binary frames, one base64
// string in JSON (JSONEncoder's default for `Data`).
//
// Layout (version 1): source u8; lines: count, then per line text, confidence f64, box, stage u8,
// blockHint, paragraphHint, words: count, then per word text, confidence f64, box, fontSize
// (0 = none, else 1 + f64), bold u8; regions: count, then per region kind, box, index.
// Integers are zigzag LEB128 varints; optional integers are stored as value + 1 (0 = nil);
// strings are a byte count and UTF-8. Since `ocr.languages: auto`, an optional trailer: the
// page's language (``PageLanguage``) as a JSON string; absent when the page has none.

extension PageText {
    static let codingVersion: UInt8 = 1

    public init(from decoder: Decoder) throws {
        let container = try decoder.singleValueContainer()
        let data = try container.decode(Data.self)
        do {
            self = try data.withUnsafeBytes { raw in
                var reader = ByteReader(raw)
                return try PageText(reading: &reader)
            }
        } catch let error as ByteReader.Malformed {
            throw DecodingError.dataCorruptedError(in: container, debugDescription: "page text: \(error.reason)")
        }
    }

    public func encode(to encoder: Encoder) throws {
        var writer = ByteWriter()
        write(to: &writer)
        var container = encoder.singleValueContainer()
        try container.encode(Data(writer.bytes))
    }

    private init(reading r: inout ByteReader) throws {
        guard try r.byte() == Self.codingVersion else { throw ByteReader.Malformed(reason: "unknown version") }
        source = try r.byte() == 1 ? .textLayer : .ocr
        let lineCount = try r.count()
        var lines: [Line] = []
        lines.reserveCapacity(lineCount)
        for _ in 0..<lineCount {
            let text = try r.string(), confidence = try r.double(), box = try r.box()
            let stage = try TextStage.allCodes[safe: Int(r.byte())] ?? .fast
            let blockHint = try r.optionalInt(), paragraphHint = try r.optionalInt()
            let wordCount = try r.count()
            var words: [Word] = []
            words.reserveCapacity(wordCount)
            for _ in 0..<wordCount {
                let wtext = try r.string(), wconf = try r.double(), wbox = try r.box()
                let fontSize: Double? = try r.byte() == 0 ? nil : r.double()
                words.append(Word(text: wtext, confidence: wconf, box: wbox, fontSize: fontSize, isBold: try r.byte() != 0))
            }
            lines.append(Line(text: text, confidence: confidence, box: box, words: words, stage: stage,
                              blockHint: blockHint, paragraphHint: paragraphHint))
        }
        self.lines = lines
        let regionCount = try r.count()
        var regions: [RegionHint] = []
        for _ in 0..<regionCount {
            let kind = RegionHintKind(rawValue: try r.string()) ?? .other
            regions.append(RegionHint(kind: kind, box: try r.box(), index: try r.int()))
        }
        self.regions = regions
        language = r.atEnd ? nil : try JSONDecoder().decode(PageLanguage.self, from: Data(try r.string().utf8))
    }

    private func write(to w: inout ByteWriter) {
        w.byte(Self.codingVersion)
        w.byte(source == .textLayer ? 1 : 0)
        w.int(lines.count)
        for line in lines {
            w.string(line.text); w.double(line.confidence); w.box(line.box)
            w.byte(UInt8(TextStage.allCodes.firstIndex(of: line.stage) ?? 0))
            w.optionalInt(line.blockHint); w.optionalInt(line.paragraphHint)
            w.int(line.words.count)
            for word in line.words {
                w.string(word.text); w.double(word.confidence); w.box(word.box)
                if let size = word.fontSize { w.byte(1); w.double(size) } else { w.byte(0) }
                w.byte(word.isBold ? 1 : 0)
            }
        }
        w.int(regions.count)
        for region in regions { w.string(region.kind.rawValue); w.box(region.box); w.int(region.index) }
        // Keys sorted: the same text always codes to the same bytes.
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        if let language, let json = try? encoder.encode(language) { w.string(String(decoding: json, as: UTF8.self)) }
    }
}

extension TextStage {
    /// Codes of the binary form (never reorder: append new stages at the end).
    static let allCodes: [TextStage] = [.fast, .accurate, .textLayer]
}

private extension Array {
    subscript(safe index: Int) -> Element? { indices.contains(index) ? self[index] : nil }
}

/// Appends the binary form's primitives.
struct ByteWriter {
    var bytes: [UInt8] = []

    mutating func byte(_ b: UInt8) { bytes.append(b) }

    mutating func int(_ value: Int) {
        var v = UInt64(bitPattern: Int64(value) << 1 ^ Int64(value) >> 63)   // zigzag
        while v >= 0x80 { bytes.append(UInt8(v & 0x7F) | 0x80); v >>= 7 }
        bytes.append(UInt8(v))
    }

    mutating func optionalInt(_ value: Int?) { int(value.map { $0 + 1 } ?? 0) }

    mutating func double(_ value: Double) {
        withUnsafeBytes(of: value.bitPattern.littleEndian) { bytes.append(contentsOf: $0) }
    }

    mutating func string(_ s: String) {
        var s = s
        s.withUTF8 { utf8 in int(utf8.count); bytes.append(contentsOf: utf8) }
    }

    mutating func box(_ b: Box) { int(b.x); int(b.y); int(b.width); int(b.height) }
}

/// Reads the binary form; every read is bounds-checked.
struct ByteReader {
    struct Malformed: Error { var reason: String }

    private let raw: UnsafeRawBufferPointer
    private var offset = 0

    init(_ raw: UnsafeRawBufferPointer) { self.raw = raw }

    var atEnd: Bool { offset >= raw.count }

    mutating func byte() throws -> UInt8 {
        guard offset < raw.count else { throw Malformed(reason: "truncated") }
        defer { offset += 1 }
        return raw[offset]
    }

    mutating func int() throws -> Int {
        var result: UInt64 = 0, shift: UInt64 = 0
        while true {
            let b = try byte()
            guard shift < 64 else { throw Malformed(reason: "varint too long") }
            result |= UInt64(b & 0x7F) << shift
            if b < 0x80 { break }
            shift += 7
        }
        return Int(Int64(bitPattern: result >> 1) ^ -Int64(bitPattern: result & 1))
    }

    mutating func count() throws -> Int {
        let n = try int()
        guard n >= 0, n <= raw.count - offset else { throw Malformed(reason: "bad count") }
        return n
    }

    mutating func optionalInt() throws -> Int? {
        let v = try int()
        return v == 0 ? nil : v - 1
    }

    mutating func double() throws -> Double {
        guard offset + 8 <= raw.count else { throw Malformed(reason: "truncated") }
        var bits: UInt64 = 0
        withUnsafeMutableBytes(of: &bits) { $0.copyMemory(from: UnsafeRawBufferPointer(rebasing: raw[offset..<offset + 8])) }
        offset += 8
        return Double(bitPattern: UInt64(littleEndian: bits))
    }

    mutating func string() throws -> String {
        let n = try count()
        defer { offset += n }
        return String(decoding: UnsafeRawBufferPointer(rebasing: raw[offset..<offset + n]), as: UTF8.self)
    }

    mutating func box() throws -> Box {
        Box(x: try int(), y: try int(), width: try int(), height: try int())
    }
}
