import DocumentModel

extension Store {
    /// Stores several document-pass tasks' outputs as ``commitDocumentPass(_:fingerprints:runID:)``
    /// does, all in one transaction: a 2,000-page document's pass lays out every page again
    /// (its running headers), and one transaction each wrote the same index pages to the WAL
    /// 2,000 times. Each task is stored wholly or not at all, as before. When the transaction
    /// fails, the tasks are committed one by one, in order, so that those before a failing one
    /// are kept and its error is the one thrown.
    func commitDocumentPass(_ outcomes: [PageOutcome], fingerprints: (PageOutcome) -> [Stage: String], runID: Int64) throws {
        if outcomes.count == 1 { return try commitDocumentPass(outcomes[0], fingerprints: fingerprints(outcomes[0]), runID: runID) }
        do {
            try write { transaction in
                for outcome in outcomes {
                    try storeDocumentPass(outcome, fingerprints: fingerprints(outcome), runID: runID, in: transaction)
                }
            }
        } catch {
            for outcome in outcomes { try commitDocumentPass(outcome, fingerprints: fingerprints(outcome), runID: runID) }
        }
    }
}
