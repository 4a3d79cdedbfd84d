/// The keys a pipeline file may hold, per section (snake_case, as written in YAML).
enum SpecKeys {
    /// Top-level keys: the run's own, and each stage's section (``StageCatalog``).
    static let top = ["name", "database", "inputs"] + StageCatalog.declared.map { $0.section } + ["run", "export"]
        + ["database_shards"]   // scale-out (docs/scale-out.md)
    static let input = ["path", "include", "exclude", "follow_symlinks", "passwords", "min_file_age", "exclude_junk",
                        "allow_empty", "languages", "link_targets"]
    static let run = ["workers", "page_timeout", "max_attempts", "worker_memory_mib"]

    /// Names people plausibly write for a key that is spelt differently here.
    static let renamed: [String: String] = [
        "max_pixels": "max_megapixels", "megapixels": "max_megapixels",
        "language": "languages", "lang": "languages", "langs": "languages",
        "symbology": "symbologies", "password": "passwords", "password_env": "passwords",
        "root": "path", "folder": "path", "dir": "path", "timeout": "page_timeout",
        "memory": "worker_memory_mib", "db": "database", "input": "inputs",
    ]

    /// The section that holds `key`, if exactly one section's keys include it.
    static func section(holding key: String) -> String? {
        let sections: [(String, [String])] = [("inputs", input)]
            + StageCatalog.declared.map { ($0.section, $0.keys) } + [("run", run)]
        let homes = sections.filter { $0.1.contains(key) }.map(\.0)
        return homes.count == 1 ? homes[0] : nil
    }
}
