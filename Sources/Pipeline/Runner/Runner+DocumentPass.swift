import DocumentModel
import Foundation

extension Runner {
    /// Once every page of a document planned in this run is settled: lines repeated in the top or
    /// bottom margin over several pages are running headers and footers, which one page alone
    /// cannot tell. The pages holding them are laid out again by the workers, from stored words
    /// (no extraction, no OCR), with that knowledge. Returns those layout tasks.
    func documentPass(for settled: PlannedPage, store: Store) throws -> [WorkItem] {
        guard spec.layout.enabled else { return [] }
        let margins = try store.repeatedMarginLines(documentID: settled.documentID)
        guard !margins.keys.isEmpty else { return [] }
        return margins.pages.map { page in
            var planned = settled
            planned.pageID = page.id
            planned.pageNumber = page.number
            planned.stages = [.layout]
            planned.conservativeBarcodes = false
            planned.repeatedMargins = margins.keys
            return .page(planned)
        }
    }
}
