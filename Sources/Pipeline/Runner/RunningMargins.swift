/// How the pages of the documents in progress were laid out as to running headers and footers,
/// so that the document pass lays out again only the pages whose layout the document's running
/// headers change.
///
/// A line in a page's top or bottom margin is a running header or footer when two pages of its
/// document repeat it (`HeadersFooters.repeated`), which one page alone cannot tell: the document
/// pass finds them once all the pages are stored (`Store.repeatedMarginLines`), and used to lay
/// out again every page holding one (on a report with a running title, every page: 38 % of a
/// 2,000-page PDF's run). Now a worker lays out a document's pages knowing the margin keys of the
/// pages of it that it laid out before (`LayoutPageStage`), and a layout reports the keys its
/// page's kinds depend on and those it applied (`LayoutOutput.marginKeys`, `appliedMarginKeys`).
/// At the pass, a page whose keys meet the document's running keys in exactly the ones it applied
/// would come out of a redo unchanged, and is left alone.
///
/// In memory only: a page this run did not lay out (an earlier run's, or one of a run killed
/// before its pass) is laid out again when it holds a repeated line, or when its stored layout
/// has a running header or footer that is not a page number (it may have been laid out with a
/// worker's keys: ``Store/pagesWithRunningMarginBlocks(documentID:)``).
struct RunningMargins {
    /// By document, the pages laid out in this run: number, margin keys, and the ones applied.
    private var laidOut: [Int64: [Int64: (number: Int, keys: Set<String>, applied: Set<String>)]] = [:]

    /// Remembers how a page's own layout (not a document-pass task's) was made.
    mutating func record(_ outcome: PageOutcome) {
        guard let layout = outcome[LayoutPageStage.self], let keys = layout.marginKeys,
              let applied = layout.appliedMarginKeys else { return }
        let page = outcome.page
        laidOut[page.documentID, default: [:]][page.pageID] = (page.pageNumber, keys, applied)
    }

    /// The pages of the document to lay out again with its running keys `repeated`; and forgets
    /// the document. A page laid out in this run is laid out again when its margin keys meet
    /// `repeated` otherwise than in the keys its layout applied; any other page when it is in
    /// `holding` (the pages that need it unless this run knows better; listed once or more).
    mutating func pagesToLayOutAgain(documentID: Int64, repeated: Set<String>,
                                     holding: [(id: Int64, number: Int)]) -> [(id: Int64, number: Int)] {
        let pages = laidOut.removeValue(forKey: documentID) ?? [:]
        var again: [(id: Int64, number: Int)] = []
        var seen: Set<Int64> = []
        for page in holding where pages[page.id] == nil && seen.insert(page.id).inserted { again.append(page) }
        for (id, page) in pages where page.keys.intersection(repeated) != page.applied {
            again.append((id, page.number))
        }
        return again.sorted { $0.number < $1.number }
    }

    /// Forgets a document whose pass will not run in this run (its file changed while read).
    mutating func forget(documentID: Int64) {
        laidOut[documentID] = nil
    }
}
