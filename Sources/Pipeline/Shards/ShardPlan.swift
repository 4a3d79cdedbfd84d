import Foundation

/// A cut of a pipeline's work into shards, each run by one cluster task (`quire run --shard i/N`)
/// into its own database and folded into the canonical database by `quire merge`.
///
/// Pure value: written and read as JSON beside the database (``ShardPlanFile``).
public struct ShardPlan: Codable, Sendable, Equatable {
    /// One document, or a range of its pages, given to one shard.
    public struct Item: Codable, Sendable, Equatable {
        public var path: String
        public var sha256: String?
        /// 1-based, inclusive; `nil` for a file whose pages could not be counted (the shard opens it).
        public var firstPage: Int?
        public var lastPage: Int?
        /// Pages of the whole document (nil when not known).
        public var documentPages: Int?
        /// Expected cost in scanned-page units.
        public var cost: Double

        /// The whole document (not cut into page ranges).
        public var isWhole: Bool { firstPage == nil || (firstPage == 1 && lastPage == documentPages) }

        public func covers(page: Int) -> Bool {
            guard let firstPage, let lastPage else { return true }
            return page >= firstPage && page <= lastPage
        }
    }

    public struct Shard: Codable, Sendable, Equatable {
        /// 0-based.
        public var index: Int
        public var cost: Double
        public var items: [Item]
    }

    public static let formatVersion = 1
    public var version = ShardPlan.formatVersion
    public var pipeline: String
    /// The hash of the pipeline's settings (``ShardPlan/configHash(of:)``): a plan made from
    /// another version of the pipeline file is refused.
    public var configHash: String
    /// The hash of the input files the plan covers (paths and content).
    public var snapshot: String
    public var shardCount: Int
    /// The shard databases' pattern (`{shard}` → the shard's index).
    public var shardDatabase: String
    /// `rerun`: only the failed pages the plan lists are processed (`--failed` across shards).
    public var failedOnly = false
    public var shards: [Shard]

    /// `"<config8>-<snapshot8>-n<N>"`: what the plan covers, in its file name and in each shard database.
    public var id: String { Self.id(configHash: configHash, snapshot: snapshot, shardCount: shardCount, failedOnly: failedOnly) }

    /// A plan's id from what names it (also read from a plan file's header alone).
    static func id(configHash: String, snapshot: String, shardCount: Int, failedOnly: Bool) -> String {
        "\(configHash.prefix(8))-\(snapshot.prefix(8))-n\(shardCount)" + (failedOnly ? "-failed" : "")
    }

    /// The database file of shard `index` (a `rerun --failed` plan's shards get databases of their own).
    public func databasePath(shard index: Int) -> String {
        let path = ShardPlan.databasePath(pattern: shardDatabase, shard: index, count: shardCount)
        guard failedOnly else { return path }
        let ext = (path as NSString).pathExtension
        return (path as NSString).deletingPathExtension + "-rerun-\(snapshot.prefix(8))" + (ext.isEmpty ? "" : "." + ext)
    }

    /// `{shard}` in `pattern` becomes the shard's index, zero-padded to the width of the last one.
    public static func databasePath(pattern: String, shard index: Int, count: Int) -> String {
        let width = String(max(0, count - 1)).count
        let number = String(index)
        let padded = String(repeating: "0", count: max(0, width - number.count)) + number
        return pattern.replacingOccurrences(of: "{shard}", with: padded)
    }

    /// Pages (or page ranges) of each path this shard processes.
    public func selection(shard index: Int) -> ShardSelection {
        ShardSelection(label: "\(index)/\(shardCount)", items: shards[index].items)
    }
}

/// What one shard run processes: the plan's items for it, by path.
public struct ShardSelection: Sendable, Equatable {
    /// `"i/N"`.
    public var label: String
    public var byPath: [String: [ShardPlan.Item]]

    public init(label: String, items: [ShardPlan.Item]) {
        self.label = label
        byPath = Dictionary(grouping: items, by: \.path)
    }

    public func includes(path: String) -> Bool { byPath[path] != nil }

    public func includes(path: String, page: Int) -> Bool {
        byPath[path]?.contains { $0.covers(page: page) } ?? false
    }
}

// MARK: Cost model and balance

/// The plan's cost model: what a page is expected to cost, in scanned-page units. A born-digital
/// page is read from its text layer (no rendering for OCR, no OCR): measured at about a fifth of
/// a scanned page on the dev set.
public enum ShardCost {
    public static let scannedPage = 1.0
    public static let bornDigitalPage = 0.2
    /// A file that is no document (skipped) or that cannot be opened: almost free.
    public static let nonDocument = 0.05
}

/// One unit of work to place: a document (with its duplicates, which follow it) that may be cut
/// into page ranges.
public struct ShardWork: Sendable, Equatable {
    public var path: String
    public var sha256: String?
    /// Cost of each page, in order (empty: a file without countable pages).
    public var pageCosts: [Double]
    /// Same content at other paths: recorded as duplicates by the shard holding the first page.
    public var duplicates: [String] = []
    /// The number of the page `pageCosts` starts at (a run of failed pages inside a document).
    public var firstPage = 1
    /// Pages of the whole document (default: `pageCosts.count`).
    public var documentPages: Int?

    public init(path: String, sha256: String?, pageCosts: [Double], duplicates: [String] = [],
                firstPage: Int = 1, documentPages: Int? = nil) {
        self.path = path; self.sha256 = sha256; self.pageCosts = pageCosts; self.duplicates = duplicates
        self.firstPage = firstPage; self.documentPages = documentPages
    }

    public var cost: Double { pageCosts.isEmpty ? ShardCost.nonDocument : pageCosts.reduce(0, +) }
}

public enum ShardBalancer {
    /// Cuts `work` into `count` shards of about equal cost: documents costlier than `1/pieces`
    /// of a shard's fair share are cut into page ranges of at most that much, then the pieces are
    /// placed largest first on the least loaded shard (LPT). The result depends only on the
    /// work and `count` (ties are broken by path and page), so the same inputs give the same plan.
    public static func balance(_ work: [ShardWork], count: Int, pieces: Int = 10) -> [ShardPlan.Shard] {
        precondition(count >= 1)
        let total = work.reduce(0) { $0 + $1.cost }
        let cap = max(total / Double(count) / Double(max(1, pieces)), ShardCost.scannedPage)
        var units: [(items: [ShardPlan.Item], cost: Double, key: String)] = []
        for w in work {
            let pages = w.pageCosts.count
            var ranges: [(Int, Int, Double)] = []
            if pages == 0 {
                ranges = [(0, 0, ShardCost.nonDocument)]
            } else {
                var start = 1, acc = 0.0
                for (i, c) in w.pageCosts.enumerated() {
                    if acc > 0 && acc + c > cap { ranges.append((start, i, acc)); start = i + 1; acc = 0 }
                    acc += c
                }
                ranges.append((start, pages, acc))
            }
            let shift = w.firstPage - 1, total = w.documentPages ?? pages
            for (n, (first, last, cost)) in ranges.enumerated() {
                var items = [ShardPlan.Item(path: w.path, sha256: w.sha256, firstPage: pages == 0 ? nil : first + shift,
                                            lastPage: pages == 0 ? nil : last + shift, documentPages: pages == 0 ? nil : total, cost: cost)]
                if n == 0 {
                    items += w.duplicates.map { ShardPlan.Item(path: $0, sha256: w.sha256, firstPage: nil, lastPage: nil,
                                                               documentPages: nil, cost: 0) }
                }
                units.append((items, cost, w.path + "\u{0}" + String(format: "%09d", first + shift)))
            }
        }
        units.sort { $0.cost != $1.cost ? $0.cost > $1.cost : $0.key < $1.key }
        var shards = (0..<count).map { ShardPlan.Shard(index: $0, cost: 0, items: []) }
        for unit in units {
            var best = 0
            for i in 1..<count where shards[i].cost < shards[best].cost - 1e-9 { best = i }
            shards[best].items += unit.items
            shards[best].cost += unit.cost
        }
        for i in shards.indices {
            shards[i].items.sort { ($0.path, $0.firstPage ?? 0) < ($1.path, $1.firstPage ?? 0) }
        }
        return shards
    }

    /// The time the slowest of `slots` nodes takes to run `shards` (each node takes the next
    /// shard in order as soon as it is free, as a job array does), against a perfect balance.
    public static func simulate(_ shards: [ShardPlan.Shard], slots: Int) -> (makespan: Double, ideal: Double) {
        var free = [Double](repeating: 0, count: max(1, slots))
        for shard in shards {
            let i = free.indices.min { free[$0] < free[$1] }!
            free[i] += shard.cost
        }
        let total = shards.reduce(0) { $0 + $1.cost }
        return (free.max() ?? 0, total / Double(max(1, slots)))
    }
}
