import Foundation

/// CPU seconds of the parts of one page's reading (`TextRecognizer.lastPassSeconds`), for
/// profiling (`quire-bench ocr-split`): what the fast pass and the re-reads cost beside quire's
/// own preparation and clean-up. Thread CPU time: a recognizer works on its caller's thread.
package struct PassSeconds: Sendable {
    /// The working-scale copy, the dark-border check and cleaning, the resolution copy.
    package var preparation = 0.0
    /// Tesseract's whole-page reading (with its binarisation and the dark-area check).
    package var fastPass = 0.0
    /// The whole page read again when it read as (nearly) nothing.
    package var pageReread = 0.0
    /// The weak lines re-read (`rereadWeakLines`).
    package var lineRereads = 0.0
    /// Dot leaders and noise clean-up after the passes.
    package var finishing = 0.0

    /// The calling thread's CPU time in seconds (`CLOCK_THREAD_CPUTIME_ID`).
    package static func now() -> Double {
        var t = timespec()
        clock_gettime(CLOCK_THREAD_CPUTIME_ID, &t)
        return Double(t.tv_sec) + Double(t.tv_nsec) / 1e9
    }
}
