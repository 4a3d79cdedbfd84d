import DocumentModel
import SQLite

/// Pages written into one open transaction as the workers report them, and committed together
/// later (``Store/commitBatch(_:fingerprints:runID:)``).
///
/// The coordinator commits the pages that finish close together in one transaction (the
/// dispatch's `settleCount` and `settleDelay`). It used to write all of a batch's rows at its
/// commit: while the workers ran it sat idle between commits, and when they had finished it was
/// left alone on one core with the last batch's inserts, 0.1 – 0.2 s of a 200-page run's 1.2 s
/// (bench/RESULTS.md, "round32"). A page's rows now go into the open transaction when the page
/// is recorded; its commit writes only the batch's full-text rows and documents' status.
///
/// Nothing changes for a reader or after a kill: the rows are committed, and the pages counted
/// and reported done, at the same moment as before. A page whose rows cannot be written rolls
/// the batch back; its pages are then written at the commit as before, together and else one
/// by one (``Store/commit(_:fingerprints:runID:)``), and the failing one's error is thrown.
final class PageBatch {
    /// Opened at the batch's first page, unless the log is being copied (then at a later page,
    /// or at the commit): a transaction begun before the copy has caught up with the log keeps
    /// the log from starting over at its commit, and a run's log then grew and was copied after
    /// every commit (a 2,000-page PDF 2.5 % slower, twice the syncs; bench/RESULTS.md, "round32").
    fileprivate var transaction: WriteTransaction?
    /// The connection's change count when the batch began (``Store/committedChanges``).
    let changesAtStart: Int64
    /// Pages recorded and not written yet (the log was being copied).
    fileprivate var waiting: [(outcome: PageOutcome, fingerprints: [Stage: String], runID: Int64)] = []
    fileprivate var pageIDs: [Int64] = []
    fileprivate var statuses: [PageStatus] = []
    /// Pages whose text changed: their full-text rows are written at the commit.
    fileprivate var reindex: [Int64] = []
    /// The batch's documents, in their first page's order: their status is refreshed at the commit.
    fileprivate var documents: [Int64] = []
    /// A page's rows failed and the transaction was rolled back: the batch takes no more pages.
    fileprivate var rolledBack = false

    fileprivate init(changesAtStart: Int64) {
        self.changesAtStart = changesAtStart
    }
}

extension Store {
    /// Writes `outcome`'s rows into the open batch (beginning one), uncommitted. A failure rolls
    /// the batch back and is not thrown here: ``commitBatch(_:fingerprints:runID:)`` writes the
    /// batch's pages again as it did before batches were written ahead, and throws it there.
    func addToBatch(_ outcome: PageOutcome, fingerprints: [Stage: String], runID: Int64) {
        let batch = pageBatch ?? PageBatch(changesAtStart: db.totalChanges)
        pageBatch = batch
        guard !batch.rolledBack else { return }
        batch.waiting.append((outcome, fingerprints, runID))
        if batch.transaction == nil, checkpointer?.isCopying == true { return }
        writeWaiting(batch)
    }

    /// Writes the batch's waiting pages, opening its transaction first if need be.
    private func writeWaiting(_ batch: PageBatch) {
        guard !batch.rolledBack, !batch.waiting.isEmpty else { return }
        do {
            let transaction = try batch.transaction ?? beginWrite(foreignKeys: .trusted)
            batch.transaction = transaction
            for (outcome, fingerprints, runID) in batch.waiting {
                let page = try commit(outcome, fingerprints: fingerprints, runID: runID, in: transaction,
                                      refreshDocument: false)
                batch.pageIDs.append(outcome.page.pageID)
                batch.statuses.append(page.status)
                if page.textChanged { batch.reindex.append(outcome.page.pageID) }
                if !batch.documents.contains(outcome.page.documentID) { batch.documents.append(outcome.page.documentID) }
            }
            batch.waiting = []
        } catch {
            if let transaction = batch.transaction { try? endWrite(transaction, commit: false) }
            batch.rolledBack = true
            batch.waiting = []
        }
    }

    /// Commits `outcomes`, each wholly or not at all, and returns each page's new status: the
    /// open batch when it holds exactly their rows (``addToBatch(_:fingerprints:runID:)``, in the
    /// same order), else as ``commit(_:fingerprints:runID:)`` writes them. An open batch that does
    /// not hold them is rolled back first.
    func commitBatch(_ outcomes: [PageOutcome], fingerprints: (PageOutcome) -> [Stage: String],
                     runID: Int64) throws -> [PageStatus] {
        if let batch = pageBatch {
            pageBatch = nil
            writeWaiting(batch)
            if !batch.rolledBack, let transaction = batch.transaction, batch.pageIDs == outcomes.map(\.page.pageID) {
                do {
                    try endPages(reindex: batch.reindex, documents: batch.documents)
                    try endWrite(transaction, commit: true)
                    return batch.statuses
                } catch {
                    try? endWrite(transaction, commit: false)
                }
            } else if let transaction = batch.transaction {
                try? endWrite(transaction, commit: false)
            }
        }
        return try commit(outcomes, fingerprints: fingerprints, runID: runID)
    }

    /// Rolls the open batch back, if there is one: its pages stay as they were before the run
    /// (a dispatch that ends in an error, which then writes the run's end outside the batch).
    func discardBatch() {
        guard let batch = pageBatch else { return }
        pageBatch = nil
        if let transaction = batch.transaction { try? endWrite(transaction, commit: false) }
    }

    /// ``SQLite/Database/totalChanges`` as of the last commit: while a batch is open, the count
    /// when it opened. A memo of what the committed rows sum to (the document's date-order
    /// evidence) stays valid while a batch fills, as it did while the batch waited in memory.
    var committedChanges: Int64 {
        guard let batch = pageBatch, !batch.rolledBack else { return db.totalChanges }
        return batch.changesAtStart
    }
}
