/// An OCR reading that is noise: what Tesseract makes of a page holding only a barcode, a photo
/// or a stamp — dozens of short "words" at confidence ≈ 20 that would pollute search.
extension PageText {
    /// True when the words are many guesses and no reading: mean confidence below 40 and fewer
    /// than one word in ten read with confidence 60 or more as two or more letters or digits.
    /// A page of real text read badly (a faint fax) keeps a share of well-read words.
    public var isOCRNoise: Bool {
        guard source == .ocr else { return false }
        let ws = words
        guard !ws.isEmpty, meanConfidence < 40 else { return false }
        let read = ws.filter { w in
            w.confidence >= 60 && w.text.unicodeScalars.filter { $0.properties.isAlphabetic || ("0"..."9").contains($0) }.count >= 2
        }.count
        return Double(read) < 0.1 * Double(ws.count)
    }

    /// The reading without its words when they are noise (``isOCRNoise``): the page has no text.
    public var withoutNoise: PageText {
        guard isOCRNoise else { return self }
        var quiet = self
        quiet.lines = []
        return quiet
    }
}
