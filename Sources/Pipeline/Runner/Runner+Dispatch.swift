import DocumentModel
import Foundation

extension Runner {
    /// Hands `items` to the workers and handles what they report until all are done or the run
    /// is interrupted. This loop is the only place results are written.
    func dispatch(_ items: [WorkItem], pool: WorkerPool, store: Store, state: inout RunState) throws {
        // Pages written ahead of a commit that an error ends are not committed (``PageBatch``).
        defer { store.discardBatch() }
        var queue = items[...]
        var nextTaskID = 1
        let settings = StageSettings(spec: spec)
        // Pages of each document still to settle in this dispatch: at zero, the document pass runs.
        var pagesLeft: [Int64: Int] = [:]
        for case .page(let page) in items where page.repeatedMargins == nil { pagesLeft[page.documentID, default: 0] += 1 }
        state.pagesLeft = pagesLeft
        try pool.fill(upTo: items.count)
        while true {
            if !state.interrupted {
                while let slot = pool.openSlots.first, let item = queue.popFirst() {
                    // A page read again after a crash goes on from what its first attempt produced
                    // (kept until the page is recorded: a task queued behind a crash is sent again).
                    let outcome = item.page.map { page in state.carried[page.pageID]?.continued() ?? PageOutcome(page: page) }
                    let task = WorkerPool.ActiveTask(id: nextTaskID, item: item, outcome: outcome)
                    nextTaskID += 1
                    slot.tasks.append(task)
                    do {
                        if !slot.hasSettings {
                            try slot.process.send(.settings(settings))
                            slot.hasSettings = true
                        }
                        try slot.process.send(try request(for: task, store: store))
                    } catch let error as POSIXError where error.code == .EPIPE {
                        // The worker is gone (it crashed on the task before, or was stopped) and its
                        // exit is still to be handled: the task stays on its slot, and the exit puts
                        // the tasks queued behind the one it died on back in line (`.workerExited`).
                        // Before, this ended the whole run with "internal error: Broken pipe".
                        break
                    }
                }
            }
            if let since = state.unsettledSince,
               Self.settlesNow(waiting: state.unsettled.count, waitedSeconds: Date().timeIntervalSince(since),
                               running: pool.activeCount, interrupted: state.interrupted,
                               committedBefore: state.counts.pagesDone + state.counts.pagesFailed) {
                let committing = Date()
                try settle(store: store, state: &state)
                pool.noteCommit(seconds: Date().timeIntervalSince(committing))
            }
            queue.append(contentsOf: state.followUps)
            state.followUps.removeAll()
            if pool.activeCount == 0 && state.unsettled.isEmpty && (queue.isEmpty || state.interrupted) { break }
            // A recorded page waits for its commit no longer than `settleDelay`.
            let wait = state.unsettledSince.map { max(0, Self.settleDelay - Date().timeIntervalSince($0)) } ?? 0.25
            if let event = state.events.next(timeout: wait) {
                try handle(event, pool: pool, store: store, state: &state, queue: &queue)
            }
            enforceTimeouts(pool)
        }
    }

    private func request(for task: WorkerPool.ActiveTask, store: Store) throws -> WorkerRequest {
        switch task.item {
        case .count(let document):
            return .count(taskID: task.id, document: document)
        case .page(let page):
            var pageTask = PageTask(taskID: task.id,
                                    document: DocumentRef(id: page.documentID, path: page.path, kind: page.kind,
                                                          passwordEnv: passwordEnv(for: page.path),
                                                          pathBytes: page.pathBytes),
                                    pageNumber: page.pageNumber, stages: page.stages,
                                    conservativeBarcodes: page.conservativeBarcodes)
            pageTask.document.passwordInput = inputNumber(for: page.path)
            pageTask.ocrLanguages = spec.input(for: page.path)?.languages
            pageTask.repeatedMargins = page.repeatedMargins ?? []
            pageTask.documentPass = page.repeatedMargins != nil
            pageTask.stored = try storedInputs(of: page, store: store, carried: task.outcome)
            pageTask.documentContexts = try StageCatalog.executionOrder.filter { page.stages.contains($0.stage) }.compactMap { type in
                try type.documentContextErased(for: page, from: store).map { StageDocumentContext(stage: type.stage, erased: $0) }
            }
            return .page(pageTask)
        }
    }

    /// The stored outputs that the task's stages read and that the task does not redo: a stage
    /// redone alone works from what the database holds. An output is not loaded when a stage it
    /// is made from is redone here (the stored one is then stale: OCR disabled, the words come
    /// from the text layer extraction makes again). `carried`: what the task's page has produced
    /// so far in this run. A stage planned for the page in this run, or made from one, is never
    /// taken from the database (which holds nothing of this run's yet, or a stale result): a page
    /// read again after a crash (``readBarcodesAgain``) gets its OCR from its first attempt, and
    /// a text-layer page its words from the extraction it makes again.
    private func storedInputs(of page: PlannedPage, store: Store, carried: PageOutcome?) throws -> [StageOutput] {
        let due = StageCatalog.executionOrder.filter { page.stages.contains($0.stage) }
        var needed: [Stage] = []
        for type in due {
            for input in type.inputs where !page.stages.contains(input) && !needed.contains(input)
                && StageCatalog.ancestors(of: input).isDisjoint(with: page.stages) {
                needed.append(input)
            }
        }
        return try needed.compactMap { stage in
            if let planned = carried?.page.stages {
                if planned.contains(stage) { return carried?.outputs[stage].map { StageOutput(stage: stage, erased: $0) } }
                // Made from a stage this run redid: the database's is stale (the text-layer words).
                if !StageCatalog.ancestors(of: stage).isDisjoint(with: planned) { return nil }
            }
            guard let type = StageCatalog.type(of: stage), let value = try type.loadErased(pageID: page.pageID, from: store) else { return nil }
            return StageOutput(stage: stage, erased: value)
        }
    }

    private func handle(_ event: CoordinatorEvent, pool: WorkerPool, store: Store, state: inout RunState,
                        queue: inout ArraySlice<WorkItem>) throws {
        switch event {
        case .interrupt(let sig):
            if !state.interrupted {
                state.interrupted = true
                progress.warning("\(Termination.signalName(sig)) received: stopping; pages in progress stay pending")
                pool.killAll()
            }
        case .workerExited(let index, _, let termination, let lastWords):
            guard let slot = pool.remove(index) else { return }
            // Tasks queued behind the one it died on were never started: they go back in line.
            queue.insert(contentsOf: slot.tasks.dropFirst().map(\.item), at: queue.startIndex)
            if let task = slot.task, !state.interrupted {
                let reason = task.timedOut
                    ? "timed out after \(SpecReader.format(spec.run.pageTimeout)) s in stage \(task.stage.rawValue); worker stopped"
                    : "worker crashed in stage \(task.stage.rawValue): \(termination)"
                        + (lastWords.map { " (last message: \(String($0.prefix(300))))" } ?? "")
                // A page to read again goes first: its first attempt's results wait in memory.
                if let again = try finishCrashed(task, termination: termination, reason: reason, store: store, state: &state) {
                    queue.insert(again, at: queue.startIndex)
                }
            }
            if pool.startFailures >= 3 {
                throw WorkerProcess.SpawnError(message: "workers exit before starting (\(termination))"
                                               + (lastWords.map { ": \($0)" } ?? ""))
            }
            if !state.interrupted && (!queue.isEmpty || pool.activeCount > 0) {
                try pool.fill(upTo: pool.size)
            }
        case .worker(let index, let message):
            guard let slot = pool.slots[index] else { return }
            try handle(message, slot: slot, pool: pool, store: store, state: &state)
        }
    }

    private func handle(_ message: WorkerEvent, slot: WorkerPool.Slot, pool: WorkerPool, store: Store,
                        state: inout RunState) throws {
        switch message {
        case .ready:
            pool.markReady(slot.process.index)
        case .stageStarted(_, let stage):
            slot.task?.stage = stage
        case .pageCount(_, let count):
            guard case .count(let document)? = slot.task?.item else { return }
            if try changedSinceHashed(documentID: document.id, path: document.path, pathBytes: document.pathBytes,
                                      store: store, state: &state) { return }
            guard count > 0 else {
                // Every PDF has a page (its page tree may be damaged): none found is a failure, never "done".
                return try handle(.documentFailed(taskID: 0, message: "\(document.path): no page could be found in it "
                                                  + "(a damaged or empty page tree); nothing was read"),
                                  slot: slot, pool: pool, store: store, state: &state)
            }
            try settle(store: store, state: &state)   // one-statement writes: never inside a page batch
            try store.setPageCount(documentID: document.id, count: count)
        case .documentFailed(_, let text):
            guard case .count(let document)? = slot.task?.item else { return }
            try settle(store: store, state: &state)
            try store.failDocument(documentID: document.id, message: text)
            state.counts.documentsFailed += 1
            try store.updateRun(state.runID, counts: state.counts)
            state.failures.append(FailureNote(path: document.path, page: nil, stage: Stage.extract.rawValue, error: text))
            progress.documentFailed(path: document.path, message: text)
        case .output(_, let output, let ms):
            slot.task?.outcome?.outputs[output.stage] = output.value
            slot.task?.outcome?.stageMS[output.stage] = ms
        case .stageFailed(_, let stage, let text):
            slot.task?.outcome?.failures.append((stage, text, false))
        case .finished:
            guard let task = slot.finishHead() else { return }
            pool.noteFinished(task)
            if let outcome = task.outcome { try record(outcome, store: store, state: &state) }
        }
    }

    /// A worker died holding `task`: keep what its earlier stages produced, fail the stage it was
    /// in; or, after a zxing-cpp abort, return the page to read again (``readBarcodesAgain``).
    /// Only an abort (SIGABRT) in the barcode stage is taken for zxing-cpp's: a worker killed
    /// from outside (SIGKILL: the kernel's OOM killer, an operator) is no fault of the page's,
    /// which is read again once as planned, and fails unnarrowed if it is killed again.
    private func finishCrashed(_ task: WorkerPool.ActiveTask, termination: Termination, reason: String, store: Store,
                               state: inout RunState) throws -> WorkItem? {
        switch task.item {
        case .count(let document):
            let text = "\(document.path): \(reason)"
            try settle(store: store, state: &state)
            try store.failDocument(documentID: document.id, message: text)
            state.counts.documentsFailed += 1
            try store.updateRun(state.runID, counts: state.counts)
            state.failures.append(FailureNote(path: document.path, page: nil, stage: Stage.extract.rawValue, error: text))
            progress.documentFailed(path: document.path, message: text)
        case .page(let page):
            guard var outcome = task.outcome else { return nil }
            let aborted = termination == .signaled(SIGABRT)
            if task.stage == .barcodes, aborted, !task.timedOut, !page.conservativeBarcodes, !state.interrupted {
                return readBarcodesAgain(outcome, reason: reason, state: &state)
            }
            if termination == .signaled(SIGKILL), !task.timedOut, !state.interrupted, state.killed.insert(page.pageID).inserted {
                return readAgain(outcome, conservative: page.conservativeBarcodes, reason: reason, state: &state)
            }
            // `crashed` on the barcode row narrows the page's later barcode reads: only for an abort.
            outcome.failures.append((task.stage, reason, task.stage != .barcodes || aborted))
            try record(outcome, store: store, state: &state)
        }
        return nil
    }

    /// zxing-cpp 1.4 aborts the process on some images, in readers the conservative barcode
    /// search leaves out (``BarcodeDetector/crashProne``). A page whose worker died in the
    /// barcode stage is read again at once by a fresh worker, conservatively, from that stage on
    /// (layout and data detection never ran). What its earlier stages produced stays in memory
    /// and is committed with the second attempt's results, in one transaction: the page counts
    /// once, and a run killed or interrupted in between leaves the page as it was before the
    /// run (pending, or with its earlier results), for the next run to do whole.
    /// The second attempt's task lists only the stages still to run; the outcome it continues
    /// keeps the page as planned, so that every stage the page owes is stored at the commit.
    private func readBarcodesAgain(_ outcome: PageOutcome, reason: String, state: inout RunState) -> WorkItem {
        readAgain(outcome, conservative: true, reason: reason, state: &state)
    }

    /// The page of `outcome` queued again from the stage it died in, what it produced so far
    /// kept in memory; `conservative`: without the symbologies seen to abort.
    private func readAgain(_ outcome: PageOutcome, conservative: Bool, reason: String, state: inout RunState) -> WorkItem {
        var carried = outcome
        carried.page.conservativeBarcodes = conservative
        var again = carried.page
        again.stages = again.stages.filter { outcome.outputs[$0] == nil }
        state.carried[again.pageID] = carried
        progress.warning("\(again.path) page \(again.pageNumber): \(reason); "
                         + (conservative && !outcome.page.conservativeBarcodes
                            ? "reading its barcodes again without " + BarcodeDetector.crashProneNames : "reading it again"))
        return .page(again)
    }

    /// At most this many recorded pages wait for their commit, and none longer than
    /// `settleDelay` seconds: pages finishing within a quarter of a second of each other (small
    /// born-digital pages, 100 – 300 a second) share one transaction; slower ones commit alone.
    /// Their rows are written as they come (``PageBatch``): a commit writes only the batch's
    /// full-text rows and the documents' status, and each costs the same whatever its size
    /// (the foreign-key switch around it makes SQLite prepare its statements again). 64 pages and
    /// 0.1 s before the rows were written ahead; 128 and 0.25 s since: 0.973× the wall time of
    /// 200 born-digital pages, 0.991× of 2,000 (bench/RESULTS.md, "round32").
    static let settleCount = 128
    static let settleDelay = 0.25

    /// Whether the recorded pages are committed now. They are committed together: when
    /// `settleCount` wait, when the first has waited `settleDelay`, when no task is running (the
    /// last ones, a pause) or at an interrupt; and the run's first page at once, alone (when it
    /// waited for company, a 200-page PDF's first page was reported done after 0.29 s; now 0.14 s).
    static func settlesNow(waiting: Int, waitedSeconds: Double, running: Int, interrupted: Bool, committedBefore: Int) -> Bool {
        return waiting > 0 && (committedBefore == 0 || waiting >= settleCount || running == 0 || interrupted
                               || waitedSeconds >= settleDelay)
    }

    /// Commits the recorded pages (``RunState/unsettled``) in one transaction, then counts and
    /// reports each, and starts the document passes they complete. A page is reported done only
    /// once committed; a run killed before the commit leaves its pages as they were before the
    /// run (pending, or with earlier results), for the next run to do whole.
    func settle(store: Store, state: inout RunState) throws {
        guard !state.unsettled.isEmpty else { return }
        let recorded = state.unsettled
        state.unsettled = []
        state.unsettledSince = nil
        // Pages first; then the document-pass tasks (each document's pass began after all its pages were committed).
        let outcomes = recorded.filter { $0.page.repeatedMargins == nil }
        if !outcomes.isEmpty {
            let statuses = try store.commitBatch(outcomes, fingerprints: { fingerprints(for: $0.page.path) }, runID: state.runID)
            for (outcome, status) in zip(outcomes, statuses) { try settled(outcome, status: status, store: store, state: &state) }
        }
        let passes = recorded.filter { $0.page.repeatedMargins != nil }
        guard !passes.isEmpty else { return }
        // The document pass: a better layout (and what it redid before it) replaces the page's own, or nothing changes.
        let better = passes.filter { $0.failures.isEmpty }
        if !better.isEmpty { try store.commitDocumentPass(better, fingerprints: { fingerprints(for: $0.page.path) }, runID: state.runID) }
        for outcome in passes { try settleDocumentPassTask(documentID: outcome.page.documentID, store: store, state: &state) }
    }

    private func record(_ outcome: PageOutcome, store: Store, state: inout RunState) throws {
        let page = outcome.page
        state.carried[page.pageID] = nil
        // A document-pass task is committed with others too (``settle(store:state:)``).
        if page.repeatedMargins == nil, try changedSinceHashed(documentID: page.documentID, path: page.path, pathBytes: page.pathBytes, store: store, state: &state) {
            state.pagesLeft[page.documentID] = nil   // no document pass over a file that changed
            state.margins.forget(documentID: page.documentID)
            return                                   // the page stays as it was: nothing of the new content is stored
        }
        if page.repeatedMargins == nil { state.margins.record(outcome) }
        var recorded = outcome
        recorded.recordedAt = Date()
        state.unsettled.append(recorded)
        if state.unsettledSince == nil { state.unsettledSince = recorded.recordedAt }
        // Its rows now, uncommitted (``PageBatch``): `settle` commits them with the others.
        if page.repeatedMargins == nil {
            store.addToBatch(recorded, fingerprints: fingerprints(for: page.path), runID: state.runID)
        }
    }

    /// What follows a page's commit: its document's count of pages left (and the document pass
    /// when none is), the run's counts, the progress report.
    private func settled(_ outcome: PageOutcome, status: PageStatus, store: Store, state: inout RunState) throws {
        let page = outcome.page
        if let left = state.pagesLeft[page.documentID] {
            state.pagesLeft[page.documentID] = left - 1
            if left == 1, !state.interrupted, try store.documentOwesPass(documentID: page.documentID) {
                state.followUps += try documentPass(for: page, store: store, state: &state)
            }
        }
        if status == .done {
            state.counts.pagesDone += 1
        } else {
            state.counts.pagesFailed += 1
            let first = outcome.failures.first
            state.failures.append(FailureNote(path: page.path, page: page.pageNumber, stage: first?.stage.rawValue,
                                              error: first?.message ?? "failed earlier"))
        }
        progress.pageFinished(path: page.path, page: page.pageNumber, failed: status != .done,
                              stage: outcome.failures.first?.stage.rawValue, error: outcome.failures.first?.message,
                              counts: state.counts)
    }

    private func enforceTimeouts(_ pool: WorkerPool) {
        let now = Date()
        for slot in pool.slots.values {
            guard let task = slot.task, !task.timedOut,
                  now.timeIntervalSince(task.started) > spec.run.pageTimeout else { continue }
            slot.task?.timedOut = true
            slot.process.kill()
        }
    }
}

extension WorkItem {
    var page: PlannedPage? { if case .page(let p) = self { return p } else { return nil } }
}
