import CTesseract
import DocumentModel
import Imaging

/// How well an image reads: the basis for choosing between two orientations of a page.
public struct ReadingQuality: Sendable, Hashable {
    /// Words of at least two letters or digits that Tesseract found.
    public var words: Int
    /// Their mean confidence (0...100), character-weighted.
    public var meanConfidence: Double
    /// The share of them found in the model's dictionary (0...1).
    public var dictionaryShare: Double

    public init(words: Int, meanConfidence: Double, dictionaryShare: Double) {
        self.words = words; self.meanConfidence = meanConfidence; self.dictionaryShare = dictionaryShare
    }

    /// One number to compare two readings of the same pixels: mean confidence (0...1) and the
    /// dictionary share, equally weighted; 0 without words.
    public var score: Double { words == 0 ? 0 : 0.5 * meanConfidence / 100 + 0.5 * dictionaryShare }
}

extension TesseractEngine {
    /// Recognises `image` as one block of text and rates the reading; the text is discarded.
    /// A single block, not automatic layout: that finds vertical lines and reads a page lying
    /// on its side as well as the upright one, which would hide the difference being measured.
    /// - Throws: `OCRError.deadlineExceeded`, `.recognitionFailed`.
    public func readingQuality(of image: Image, deadline: Double? = nil) throws -> ReadingQuality {
        try withAPI { api in
            defer { TessBaseAPIClear(api) }
            TessBaseAPISetPageSegMode(api, PSM_SINGLE_BLOCK)
            image.withPix { TessBaseAPISetImage2(api, $0) }
            let dpi = image.resolution
            TessBaseAPISetSourceResolution(api, Int32((70...2400).contains(dpi) ? dpi : 300))
            let monitor = RecognitionMonitor(deadline: deadline, isCancelled: nil)
            let status = TessBaseAPIRecognize(api, monitor.pointer)
            if status != 0 {
                if let deadline, monitor.deadlinePassed { throw OCRError.deadlineExceeded(seconds: deadline) }
                throw OCRError.recognitionFailed("TessBaseAPIRecognize returned \(status)")
            }
            guard let results = ResultIterator(taking: TessBaseAPIGetIterator(api)) else {
                return ReadingQuality(words: 0, meanConfidence: 0, dictionaryShare: 0)
            }
            var words = 0, inDictionary = 0
            var weighted = 0.0, characters = 0.0
            repeat {
                guard let text = results.text(RIL_WORD) else { continue }
                let letters = text.unicodeScalars.filter { $0.properties.isAlphabetic || ("0"..."9").contains($0) }.count
                guard letters >= 2 else { continue }
                words += 1
                if results.wordIsFromDictionary { inDictionary += 1 }
                weighted += results.confidence(RIL_WORD) * Double(letters)
                characters += Double(letters)
            } while results.next(RIL_WORD)
            guard words > 0 else { return ReadingQuality(words: 0, meanConfidence: 0, dictionaryShare: 0) }
            return ReadingQuality(words: words, meanConfidence: weighted / characters,
                                  dictionaryShare: Double(inDictionary) / Double(words))
        }
    }
}
