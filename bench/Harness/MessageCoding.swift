import BinaryCoding
import Foundation
import Pipeline

/// What coding the worker pipe's messages costs, per coder, on the real messages of a run: a
/// worker of `quire` (the binary given) processes the first pages of the pipeline's first input
/// as `quire run` would have it do, its events are collected, then each coder encodes and
/// decodes them all, several times, on this thread (thread CPU clock). Coders: `JSONEncoder`/
/// `JSONDecoder` (the pipe's coding before bornipc), Foundation's binary property list, and
/// quire's `BinaryEncoder`/`BinaryDecoder`.
enum MessageCoding {
    static func run(quire: String, pipeline: String, pages: Int, rounds: Int) throws {
        let spec = try PipelineLoader.load(path: pipeline)
        guard let input = spec.inputs.first else { throw CocoaError(.fileNoSuchFile) }
        let events = try workerEvents(quire: quire, spec: spec, path: input.root, pages: pages)
        print("\(events.count) events for \(pages) pages, \(rounds) rounds each; ms of CPU a page (median of rounds), bytes a page")
        print(["coder", "encode ms", "decode ms", "bytes"].joined(separator: "\t"))
        let json = JSONEncoder(), jsonIn = JSONDecoder()
        let plist = PropertyListEncoder()
        plist.outputFormat = .binary
        let plistIn = PropertyListDecoder()
        let binary = BinaryEncoder(), binaryIn = BinaryDecoder()
        measure("JSON", events, pages, rounds, encode: { Array(try json.encode($0)) },
                decode: { try jsonIn.decode(WorkerEvent.self, from: Data($0)) })
        // A property list's top level must be a container: each event goes in an array.
        measure("plist binary", events, pages, rounds, encode: { Array(try plist.encode([$0])) },
                decode: { try plistIn.decode([WorkerEvent].self, from: Data($0))[0] })
        measure("BinaryCoding", events, pages, rounds, encode: { try binary.encode($0) },
                decode: { try binaryIn.decode(WorkerEvent.self, from: $0) })
        // Bytes a page by stage output (the rest: stage starts, finishes).
        var sizes: [String: (json: Int, binary: Int)] = [:]
        for event in events {
            var key = "other"
            if case .output(_, let output, _) = event { key = output.stage.rawValue }
            let j = (try? json.encode(event).count) ?? 0, b = (try? binary.encode(event).count) ?? 0
            sizes[key, default: (0, 0)].json += j
            sizes[key, default: (0, 0)].binary += b
        }
        for (key, size) in sizes.sorted(by: { $0.key < $1.key }) {
            print("bytes a page, \(key): JSON \(size.json / pages), BinaryCoding \(size.binary / pages)")
        }
    }

    private static func measure(_ name: String, _ events: [WorkerEvent], _ pages: Int, _ rounds: Int,
                                encode: (WorkerEvent) throws -> [UInt8], decode: ([UInt8]) throws -> WorkerEvent) {
        var encodeTimes: [Double] = [], decodeTimes: [Double] = [], size = 0
        do {
            for _ in 0..<rounds {
                var lap = CPULap()
                let encoded = try events.map(encode)
                encodeTimes.append(lap.next())
                for bytes in encoded { _ = try decode(bytes) }
                decodeTimes.append(lap.next())
                size = encoded.reduce(0) { $0 + $1.count }
            }
        } catch {
            print("\(name)\tfailed: \(error)")
            return
        }
        func perPage(_ t: [Double]) -> String { String(format: "%.3f", t.sorted()[t.count / 2] * 1000 / Double(pages)) }
        print([name, perPage(encodeTimes), perPage(decodeTimes), "\(size / pages)"].joined(separator: "\t"))
    }

    /// The events a worker sends for the first `pages` pages of `path`.
    private static func workerEvents(quire: String, spec: PipelineSpec, path: String, pages: Int) throws -> [WorkerEvent] {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: quire)
        process.arguments = ["__worker", "--memory-mib", "0"]
        process.environment = ["OMP_THREAD_LIMIT": "1"]
        let input = Pipe(), output = Pipe()
        process.standardInput = input
        process.standardOutput = output
        try process.run()
        let encoder = BinaryEncoder(), decoder = BinaryDecoder()
        func send(_ request: WorkerRequest) throws {
            let payload = try encoder.encode(request)
            try input.fileHandleForWriting.write(contentsOf: withUnsafeBytes(of: UInt32(payload.count).littleEndian, Array.init) + payload)
        }
        func receive() throws -> WorkerEvent {
            let reader = output.fileHandleForReading
            guard let header = try reader.read(upToCount: 4), header.count == 4 else { throw CocoaError(.fileReadCorruptFile) }
            let size = Int(header.withUnsafeBytes { UInt32(littleEndian: $0.loadUnaligned(as: UInt32.self)) })
            var payload = Data()
            while payload.count < size, let more = try reader.read(upToCount: size - payload.count), !more.isEmpty { payload += more }
            return try decoder.decode(WorkerEvent.self, from: Array(payload))
        }
        guard case .ready = try receive() else { throw CocoaError(.fileReadCorruptFile) }
        try send(.settings(StageSettings(spec: spec)))
        var events: [WorkerEvent] = []
        let document = DocumentRef(id: 1, path: path, kind: try FileKind.sniff(path: path))
        for page in 1...pages {
            try send(.page(PageTask(taskID: page, document: document, pageNumber: page, stages: [.extract, .ocr, .layout, .detect])))
            while true {
                let event = try receive()
                events.append(event)
                if case .finished = event { break }
            }
        }
        try input.fileHandleForWriting.close()
        process.waitUntilExit()
        return events
    }
}
