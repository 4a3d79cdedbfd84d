extension Schema {
    /// Deleting a block (a page laid out again: the document pass, a rerun) makes SQLite look
    /// for the blocks whose `caption_of` points at it (`ON DELETE SET NULL`, foreign keys on).
    /// Without an index that was a scan of every block of the database for each deleted block,
    /// so the document pass of a 2,000-page PDF cost minutes. Only captions carry the link: a
    /// partial index over them is enough (SQLite uses it for `caption_of = ?`).
    static let v21 = """
    CREATE INDEX blocks_caption_of ON blocks(caption_of) WHERE caption_of IS NOT NULL;
    """
}
