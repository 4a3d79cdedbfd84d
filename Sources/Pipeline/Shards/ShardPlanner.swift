import Foundation
import Imaging
import PDF
#if canImport(Glibc)
import Glibc
#endif

/// Errors of planning, running and merging shards: each names the file it is about.
public struct ShardError: Error, CustomStringConvertible, Sendable {
    public var description: String
    public init(_ description: String) { self.description = description }
}

/// `quire plan PIPELINE --shards N`: discovers the inputs once, counts and costs their pages,
/// and writes the plan beside the database.
public enum ShardPlanner {
    /// The shard databases' default pattern: a folder beside the database.
    public static func shardPattern(for spec: PipelineSpec) -> String {
        if let pattern = spec.databaseShards { return pattern }
        let db = spec.database as NSString
        let stem = (db.lastPathComponent as NSString).deletingPathExtension
        return db.deletingLastPathComponent + "/\(stem).shards/shard-{shard}.sqlite"
    }

    /// The hash of everything in the pipeline that decides what a shard produces (not `run:`).
    public static func configHash(of spec: PipelineSpec) -> String {
        var hashed = spec
        hashed.run = RunSettings()
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        let json = (try? encoder.encode(hashed)).map { String(decoding: $0, as: UTF8.self) } ?? "\(hashed)"
        return SHA256.hex(of: "quire-shards-\(ShardPlan.formatVersion)\n" + json)
    }

    /// Walks the inputs (as `run` does), hashes and counts every file, and cuts the work.
    public static func plan(_ spec: PipelineSpec, shards count: Int, note: (String) -> Void = { _ in }) throws -> ShardPlan {
        guard count >= 1 else { throw ShardError("--shards: expects a whole number of at least 1") }
        let found = Discovery(ignoringDatabase: spec.database).walk(spec.inputs)
        for warning in found.warnings { note(warning) }
        var work: [ShardWork] = []
        var bySHA: [String: Int] = [:]
        var snapshot: [String] = []
        for file in found.files {
            let sha = try? InputFile(file.filePath).sha256()
            snapshot.append("\(file.path)\u{0}\(sha ?? "-")")
            if let sha, let first = bySHA[sha] {
                work[first].duplicates.append(file.path)
                continue
            }
            if let sha { bySHA[sha] = work.count }
            work.append(ShardWork(path: file.path, sha256: sha, pageCosts: pageCosts(of: file.filePath)))
        }
        for file in found.tooYoung { note("\(file.path): changed less than min_file_age ago; left for the next plan") }
        return ShardPlan(pipeline: spec.name, configHash: configHash(of: spec),
                         snapshot: SHA256.hex(of: snapshot.joined(separator: "\n")), shardCount: count,
                         shardDatabase: shardPattern(for: spec), shards: ShardBalancer.balance(work, count: count))
    }

    /// The expected cost of each page: a PDF page covered by one large image is a scan; other
    /// PDF pages are born-digital; image pages are scans. A file that cannot be opened has none
    /// (its shard records why).
    static func pageCosts(of path: FilePath) -> [Double] {
        guard let head = try? InputFile(path).head() else { return [] }
        switch FileKind.sniff(head) {
        case .unknown: return []
        case .pdf:
            guard let document = try? PDFDocument(path: path.display) else { return [] }
            return (1...max(1, document.pageCount)).map { number in
                guard let page = try? document.page(number) else { return ShardCost.scannedPage }
                return page.imageCoverage.largest > 0.5 ? ShardCost.scannedPage : ShardCost.bornDigitalPage
            }
        default:
            let pages = (try? ImageFile.pageCount(path.display)) ?? 1
            return [Double](repeating: ShardCost.scannedPage, count: max(1, pages))
        }
    }
}

/// The plan's files beside the database: `<db>.plan-<id>.json`, and `<db>.plan.json`, a
/// symbolic link to the current one. Both written atomically (temporary file, then rename).
public enum ShardPlanFile {
    public static func currentPath(database: String) -> String { database + ".plan.json" }
    public static func path(database: String, plan: ShardPlan) -> String { database + ".plan-\(plan.id).json" }

    /// Writes the plan and points the current link at it; returns the plan's path.
    @discardableResult
    public static func write(_ plan: ShardPlan, database: String) throws -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
        encoder.keyEncodingStrategy = .convertToSnakeCase
        let target = path(database: database, plan: plan)
        let dir = (database as NSString).deletingLastPathComponent
        if !dir.isEmpty { try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true) }
        let temporary = target + ".tmp-\(getpid())"
        try encoder.encode(plan).write(to: URL(fileURLWithPath: temporary))
        guard rename(temporary, target) == 0 else { throw ShardError("\(target): cannot write the plan: \(String(cString: strerror(errno)))") }
        let link = currentPath(database: database), linkTemporary = link + ".tmp-\(getpid())"
        unlink(linkTemporary)
        guard symlink((target as NSString).lastPathComponent, linkTemporary) == 0, rename(linkTemporary, link) == 0 else {
            throw ShardError("\(link): cannot point at the new plan: \(String(cString: strerror(errno)))")
        }
        return target
    }

    /// What names a plan, without its shards' items.
    public struct Header: Decodable, Sendable {
        public var configHash: String, snapshot: String, shardCount: Int
        public var failedOnly: Bool?
        enum CodingKeys: String, CodingKey {
            case configHash = "config_hash", snapshot, shardCount = "shard_count", failedOnly = "failed_only"
        }
        /// As ``ShardPlan/id``.
        public var id: String {
            ShardPlan.id(configHash: configHash, snapshot: snapshot, shardCount: shardCount, failedOnly: failedOnly == true)
        }
    }

    /// Reads only the plan's header (its items are skipped by the parser, not decoded).
    public static func readHeader(path: String) throws -> Header {
        guard let data = FileManager.default.contents(atPath: path) else { throw ShardError("\(path): no shard plan") }
        return try JSONDecoder().decode(Header.self, from: data)
    }

    /// Reads a plan file as it is.
    public static func read(path: String) throws -> ShardPlan {
        guard let data = FileManager.default.contents(atPath: path) else {
            throw ShardError("\(path): no shard plan; make one first: quire plan PIPELINE --shards N")
        }
        let decoder = JSONDecoder()
        decoder.keyDecodingStrategy = .convertFromSnakeCase
        do { return try decoder.decode(ShardPlan.self, from: data) } catch {
            throw ShardError("\(path): not a readable shard plan (\(error))")
        }
    }

    /// Reads the current plan of `spec`'s database and checks it belongs to this pipeline as it
    /// is now.
    public static func load(for spec: PipelineSpec) throws -> ShardPlan {
        let path = currentPath(database: spec.database)
        let plan = try read(path: path)
        guard plan.version == ShardPlan.formatVersion else {
            throw ShardError("\(path): plan format \(plan.version), this quire reads \(ShardPlan.formatVersion); make the plan again")
        }
        guard plan.pipeline == spec.name, plan.configHash == ShardPlanner.configHash(of: spec) else {
            throw ShardError("\(path): the plan was made from another version of pipeline '\(plan.pipeline)' "
                             + "(config hash \(plan.configHash.prefix(8)), the pipeline file now gives "
                             + "\(ShardPlanner.configHash(of: spec).prefix(8))); make the plan again: quire plan PIPELINE --shards N")
        }
        return plan
    }
}

/// `--shard i/N` or `--shard auto`.
public enum ShardIndex {
    /// The 0-based shard index for `value` against a plan of `count` shards.
    /// `auto`: Slurm's `SLURM_ARRAY_TASK_ID` (less `SLURM_ARRAY_TASK_MIN`), else Kubernetes'
    /// `JOB_COMPLETION_INDEX`.
    public static func resolve(_ value: String, count: Int, environment: [String: String] = ProcessInfo.processInfo.environment) throws -> Int {
        let index: Int
        if value == "auto" {
            if let task = environment["SLURM_ARRAY_TASK_ID"] {
                guard let id = Int(task) else { throw ShardError("--shard auto: SLURM_ARRAY_TASK_ID is '\(task)', not a number") }
                // An array numbered 1-N (`--array=1-N`) is shifted; 0-(N-1), or some of its
                // indexes resubmitted (`--array=3`), is taken as it is.
                let min = environment["SLURM_ARRAY_TASK_MIN"].flatMap { Int($0) } ?? 0
                let max = environment["SLURM_ARRAY_TASK_MAX"].flatMap { Int($0) } ?? id
                let taskCount = environment["SLURM_ARRAY_TASK_COUNT"].flatMap { Int($0) } ?? 0
                index = (min == 1 && max == count && taskCount == count) ? id - 1 : id
            } else if let completion = environment["JOB_COMPLETION_INDEX"] {
                guard let id = Int(completion) else { throw ShardError("--shard auto: JOB_COMPLETION_INDEX is '\(completion)', not a number") }
                index = id
            } else {
                throw ShardError("--shard auto: neither SLURM_ARRAY_TASK_ID (a Slurm job array) nor JOB_COMPLETION_INDEX (a Kubernetes Indexed Job) is set; give --shard i/N")
            }
        } else {
            let parts = value.split(separator: "/", omittingEmptySubsequences: false)
            guard parts.count == 2, let i = Int(parts[0]), let n = Int(parts[1]) else {
                throw ShardError("--shard: expects i/N (0-based shard i of N) or auto, found '\(value)'")
            }
            guard n == count else { throw ShardError("--shard \(value): the plan has \(count) shard(s), not \(n)") }
            index = i
        }
        guard index >= 0 && index < count else {
            throw ShardError("--shard: shard index \(index) is out of range: the plan has shards 0 to \(count - 1)")
        }
        return index
    }
}
