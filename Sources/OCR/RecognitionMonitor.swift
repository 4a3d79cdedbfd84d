import CTesseract
import Foundation

/// Tesseract's progress monitor (`ETEXT_DESC`, created by `TessMonitorCreate`, freed by
/// `TessMonitorDelete` in `deinit`): carries the page deadline and the cancel callback that
/// `TessBaseAPIRecognize` polls between words.
final class RecognitionMonitor {
    /// `ETEXT_DESC*`.
    private let monitor: OpaquePointer
    private let state: CancelState
    let started = Date()
    let deadline: Double?

    /// State the C callback reaches through `cancel_this`; kept alive by the monitor.
    private final class CancelState {
        let isCancelled: (() -> Bool)?
        var didCancel = false
        init(_ isCancelled: (() -> Bool)?) { self.isCancelled = isCancelled }
    }

    init(deadline: Double?, isCancelled: (() -> Bool)?) {
        guard let m = TessMonitorCreate() else { fatalError("TessMonitorCreate returned NULL (out of memory)") }
        monitor = m
        state = CancelState(isCancelled)
        self.deadline = deadline
        if let deadline {
            // Milliseconds from now; 0 would mean "no deadline", so at least 1.
            TessMonitorSetDeadlineMSecs(m, Int32(clamping: max(1, Int((deadline * 1000).rounded()))))
        }
        if isCancelled != nil {
            TessMonitorSetCancelThis(m, Unmanaged.passUnretained(state).toOpaque())
            TessMonitorSetCancelFunc(m) { cancelThis, _ in
                guard let cancelThis else { return false }
                let state = Unmanaged<CancelState>.fromOpaque(cancelThis).takeUnretainedValue()
                if state.isCancelled?() == true { state.didCancel = true }
                return state.didCancel
            }
        }
    }

    deinit { TessMonitorDelete(monitor) }

    var pointer: OpaquePointer { monitor }
    var wasCancelled: Bool { state.didCancel }
    var deadlinePassed: Bool {
        guard let deadline else { return false }
        return Date().timeIntervalSince(started) >= deadline
    }
}
