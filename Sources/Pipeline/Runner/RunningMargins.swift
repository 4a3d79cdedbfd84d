import DocumentModel
import Layout

/// The running headers and footers of the documents in progress, learnt from their pages as they
/// are recorded, so that later pages are laid out knowing them and the document pass lays out
/// again only the pages whose layout they change.
///
/// A line in a page's top or bottom margin is a running header or footer when two pages of its
/// document repeat it (`HeadersFooters.repeated`), which one page alone cannot tell: the document
/// pass finds them once all the pages are stored (`Store.repeatedMarginLines`), and used to lay
/// out again every page holding one (on a report with a running title, every page: 38 % of a
/// 2,000-page PDF's run). Now a page is laid out with the running keys known when it is handed
/// out: those two recorded pages repeat (the coordinator counts the same keys,
/// `HeadersFooters.marginKey`, in each page's text as it is recorded), and those of the pages
/// of the document its worker laid out before (`LayoutPageStage`). A layout reports the keys it
/// depends on and those it applied (`LayoutOutput.marginKeys`, `appliedMarginKeys`); at the pass,
/// a page whose keys meet the document's running keys in the ones it applied would come out of
/// a redo unchanged, and is left alone.
///
/// In memory only: a page this run did not lay out (an earlier run's, or one of a run killed
/// before its pass) is judged as before, laid out again when it holds a repeated line.
struct RunningMargins {
    private struct Document {
        var pagesPerKey: [String: Set<Int64>] = [:]
        var repeated: Set<String> = []
        /// The pages laid out in this run: number, margin keys, and those taken for running ones.
        var laidOut: [Int64: (number: Int, keys: Set<String>, applied: Set<String>)] = [:]
    }

    private var documents: [Int64: Document] = [:]

    /// The keys repeated so far by the recorded pages of the document.
    func repeatedKeys(documentID: Int64) -> Set<String> {
        documents[documentID]?.repeated ?? []
    }

    /// Counts a page's margin lines, and remembers how its layout was made. A page with failures
    /// is not counted (its text may not be stored, and the pass counts stored lines).
    mutating func record(_ outcome: PageOutcome) {
        let page = outcome.page
        var document = documents[page.documentID] ?? Document()
        if outcome.failures.isEmpty, let text = outcome.pageText, let height = outcome.extract?.size.height {
            for line in text.lines {
                guard let key = HeadersFooters.marginKey(line.text, box: line.box, pageHeight: height) else { continue }
                document.pagesPerKey[key, default: []].insert(page.pageID)
                if document.pagesPerKey[key, default: []].count >= 2 { document.repeated.insert(key) }
            }
        }
        if let layout = outcome[LayoutPageStage.self], let keys = layout.marginKeys, let applied = layout.appliedMarginKeys {
            document.laidOut[page.pageID] = (page.pageNumber, keys, applied)
        }
        documents[page.documentID] = document
    }

    /// The pages of the document to lay out again with its running keys `repeated`, of which
    /// `holding` are the pages holding a line under one of them; and forgets the document.
    /// A page laid out in this run is laid out again when its margin keys meet `repeated`
    /// otherwise than in the keys its layout applied; any other page when it is in `holding`.
    mutating func pagesToLayOutAgain(documentID: Int64, repeated: Set<String>,
                                     holding: [(id: Int64, number: Int)]) -> [(id: Int64, number: Int)] {
        let laidOut = documents.removeValue(forKey: documentID)?.laidOut ?? [:]
        var pages = holding.filter { laidOut[$0.id] == nil }
        for (id, page) in laidOut where page.keys.intersection(repeated) != page.applied {
            pages.append((id, page.number))
        }
        return pages.sorted { $0.number < $1.number }
    }

    /// Forgets a document whose pass will not run in this run (its file changed while read).
    mutating func forget(documentID: Int64) {
        documents[documentID] = nil
    }
}
