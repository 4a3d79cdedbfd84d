/// The keys a pipeline file may hold, per section (snake_case, as written in YAML).
enum SpecKeys {
    static let top = ["name", "database", "inputs", "extract", "ocr", "layout", "barcodes", "run"]
    static let input = ["path", "include", "exclude", "follow_symlinks", "passwords", "min_file_age", "exclude_junk",
                        "allow_empty", "languages"]
    static let extract = ["dpi", "assumed_image_dpi", "text_layer", "max_megapixels", "detect_orientation", "deskew"]
    static let ocr = ["enabled", "languages", "level", "reread_below", "custom_words", "custom_patterns", "language_correction"]
    static let layout = ["enabled", "paragraphs", "lists", "tables"]
    static let barcodes = ["enabled", "symbologies", "try_harder"]
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
        let sections: [(String, [String])] = [
            ("inputs", input), ("extract", extract), ("ocr", ocr), ("layout", layout),
            ("barcodes", barcodes), ("run", run),
        ]
        let homes = sections.filter { $0.1.contains(key) }.map(\.0)
        return homes.count == 1 ? homes[0] : nil
    }
}
