import DocumentModel
import Foundation

extension Runner {
    /// Once every page of a document is settled: lines repeated in the top or bottom margin over
    /// several pages are running headers and footers, which one page alone cannot tell. The
    /// pages whose layout they change are laid out again by the workers, from stored words (no
    /// extraction, no OCR), with that knowledge: the pages holding them, less those this run
    /// laid out applying the keys that matter to them already (``RunningMargins``). Pages on
    /// which a stage read the rest of the document before the rest was there
    /// (`PageStage.redoInDocumentPass`: detection's day/month order) redo that stage and the
    /// ones reading it. Returns those tasks.
    ///
    /// The pass is durable: a page's layout commit marks its document's pass `pending`
    /// (`documents.layout_pass`, in the same transaction), and the pass is marked `done` only
    /// when all its tasks are settled. A run stopped in between (SIGKILL, SIGINT, a full disk)
    /// leaves it pending, and the next run does it. `template` is any page of the document.
    func documentPass(for template: PlannedPage, store: Store, state: inout RunState) throws -> [WorkItem] {
        let documentID = template.documentID
        // Logical documents (the `split:` section): from the stored pages, before any layout redo.
        if spec.split.enabled { try store.splitDocument(documentID: documentID, settings: spec.split) }
        let layout = spec.layout.enabled
        // Running headers and footers concern layout only.
        let margins = layout ? try store.repeatedMarginLines(documentID: documentID) : (keys: [], pages: [])
        let enabled = Set(fingerprints(for: template.path).keys)
        var stages: [Int64: (number: Int, stages: Set<Stage>)] = [:]
        // Only the pages whose layout the running keys change (``RunningMargins``); of the
        // pages this run did not lay out, those holding a repeated line and those laid out with
        // running keys of their own.
        let unknown = layout ? try store.pagesWithRunningMarginBlocks(documentID: documentID) : []
        for page in state.margins.pagesToLayOutAgain(documentID: documentID, repeated: margins.keys,
                                                     holding: margins.pages + unknown) {
            stages[page.id] = (page.number, [Stage.layout])
        }
        let contextual = StageCatalog.declared.filter { enabled.contains($0.stage) && $0.readsDocument }
        if !contextual.isEmpty {
            for page in try store.pages(documentID: documentID) {
                for type in contextual where try type.redoInDocumentPass(pageID: page.id, from: store) {
                    let redo = type.stage.withDependents.intersection(enabled).union(layout ? [.layout] : [])
                    stages[page.id] = (page.number, (stages[page.id]?.stages ?? []).union(redo))
                }
            }
        }
        guard !stages.isEmpty else {
            try store.finishDocumentPass(documentID: documentID)
            return []
        }
        state.passLeft[documentID] = stages.count
        state.documentPassPages += stages.count
        return stages.sorted { $0.value.number < $1.value.number }.map { id, page in
            var planned = template
            planned.pageID = id
            planned.pageNumber = page.number
            planned.stages = page.stages
            planned.conservativeBarcodes = false
            planned.repeatedMargins = margins.keys
            return .page(planned)
        }
    }

    /// One task of a document pass settled (laid out, failed or crashed): at the last, the pass is done.
    func settleDocumentPassTask(documentID: Int64, store: Store, state: inout RunState) throws {
        guard let left = state.passLeft[documentID] else { return }
        if left <= 1 {
            state.passLeft[documentID] = nil
            try store.finishDocumentPass(documentID: documentID)
        } else {
            state.passLeft[documentID] = left - 1
        }
    }
}
