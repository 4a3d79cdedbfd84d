import Foundation

/// Test-only faults, read by workers from `QUIRE_FAULT`:
/// `STAGE:KIND[:MATCH]`, several separated by commas. KIND is `crash` (abort), `zxing` (abort
/// unless the page's barcodes are read conservatively, as zxing-cpp 1.4 does on some images),
/// `segv`, `kill` (SIGKILL, as the kernel's OOM killer sends), `hang`, `oom` (allocate without bound), `throw` (the stage fails with an error), or
/// `slow` (the stage takes 0.5 s longer: lets tests kill a run mid-way). MATCH selects
/// pages: `NAME` (the file name contains NAME) and/or `#N` (page N), e.g. `NAME#2`; empty matches
/// every page. Example: `QUIRE_FAULT=barcodes:crash:invoice#1`.
///
/// Only debug builds (what `swift test` runs) read the variable: a release build, the one users
/// install (`swift build -c release`), is compiled without it (`QUIRE_TEST_FAULTS`, set for the
/// debug configuration in Package.swift), so no environment can make a production worker crash.
/// The coordinator's handling of crashes is also tested in-process, with fake workers
/// (`CoordinatorTests`); these faults serve the end-to-end tests with real worker processes.
struct FaultInjection {
    enum Kind: String { case crash, zxing, segv, kill, hang, oom, `throw`, slow }
    struct Fault { var stage: Stage; var kind: Kind; var name: String?; var page: Int? }

    struct Injected: Error, CustomStringConvertible {
        var stage: Stage
        var description: String { "injected failure in stage \(stage.rawValue) (QUIRE_FAULT)" }
    }

    let faults: [Fault]

    init(environment: [String: String] = ProcessInfo.processInfo.environment) {
        #if QUIRE_TEST_FAULTS
        let spec = environment["QUIRE_FAULT"] ?? ""
        #else
        let spec = ""
        #endif
        faults = spec.split(separator: ",").compactMap { spec in
            let parts = spec.split(separator: ":", maxSplits: 2, omittingEmptySubsequences: false).map(String.init)
            guard parts.count >= 2, let stage = Stage(rawValue: parts[0]), let kind = Kind(rawValue: parts[1]) else { return nil }
            var name: String?, page: Int?
            if parts.count == 3 {
                let match = parts[2].split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false).map(String.init)
                name = match[0].isEmpty ? nil : match[0]
                page = match.count > 1 ? Int(match[1]) : nil
            }
            return Fault(stage: stage, kind: kind, name: name, page: page)
        }
    }

    /// Triggers the fault configured for this stage and page, if any.
    func trigger(stage: Stage, path: String, page: Int, conservativeBarcodes: Bool = false) throws {
        let file = (path as NSString).lastPathComponent
        for f in faults where f.stage == stage
            && (f.name.map { file.contains($0) } ?? true) && (f.page.map { $0 == page } ?? true) {
            switch f.kind {
            case .crash: abort()
            case .zxing: if !conservativeBarcodes { abort() }
            case .segv: raise(SIGSEGV)
            case .kill: raise(SIGKILL)
            case .hang: while true { sleep(60) }
            case .oom:
                var hoard: [UnsafeMutableRawPointer] = []
                while true {
                    guard let p = malloc(64 << 20) else { fatalError("out of memory (injected)") }
                    memset(p, 1, 64 << 20)
                    hoard.append(p)
                }
            case .throw: throw Injected(stage: stage)
            case .slow: usleep(500_000)
            }
        }
    }
}
