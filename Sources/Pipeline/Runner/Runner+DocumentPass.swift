import DocumentModel
import Foundation

extension Runner {
    /// Once every page of a document planned in this run is settled: lines repeated in the top or
    /// bottom margin over several pages are running headers and footers, which one page alone
    /// cannot tell. The pages holding them are laid out again (from stored words, in
    /// milliseconds) with that knowledge.
    func documentPass(documentID: Int64, store: Store, state: RunState) throws {
        guard spec.layout.enabled else { return }
        let margins = try store.repeatedMarginLines(documentID: documentID)
        guard !margins.keys.isEmpty else { return }
        for page in margins.pages {
            let (text, rulings, size) = try store.storedLayoutInputs(pageID: page.id)
            guard let size else { continue }
            let blocks = LayoutStage.analyze(text: text, rulings: rulings, width: size.width, height: size.height,
                                             settings: spec.layout, isFirstPage: page.number == 1,
                                             repeatedMargins: margins.keys)
            try store.commitLayout(pageID: page.id, blocks: blocks, json: LayoutStage.structureJSON(blocks),
                                   fingerprints: fingerprints, runID: state.runID)
        }
    }
}
