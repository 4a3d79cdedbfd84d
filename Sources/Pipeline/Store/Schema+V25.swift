extension Schema {
    /// `words_text` indexed every word of the archive by its text (`COLLATE NOCASE`): nothing in
    /// quire reads words by their text, and keeping that index was the costliest part of
    /// writing a page's rows (each word a random insert into a B-tree over the whole archive;
    /// on born-digital pages a third of SQLite's time; bench/RESULTS.md "bornrows"). Finding a
    /// word is the full-text index's work: `page_fts` (or `page_fts_exact`) names the pages,
    /// then `words_page` gives their words (docs/schema.md, query 4b).
    static let v25 = """
    DROP INDEX IF EXISTS words_text;
    """
}
