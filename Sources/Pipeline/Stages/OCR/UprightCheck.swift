import DocumentModel

/// The cheap check that comes before orientation detection: text-line statistics of the fast
/// reading the page already has. Orientation detection (Tesseract OSD on a page prepared again,
/// ≈ 0.5 s) runs only when the reading may come from a turned page (`Preprocessor.mayBeTurned`)
/// and these statistics cannot tell that it is upright.
///
/// A poor mean confidence has two causes: the page is turned (upside-down text reads as
/// confident garbage of about 30 throughout, a page on its side as standing lines), or an
/// upright page carries much that is not text (a receipt's smudges and stamps, a photo, figure
/// texture) whose fragments drag the mean down while its real lines read well. The lines tell
/// them apart: upside-down text gives no run of long, confidently read, horizontal lines.
enum UprightCheck {
    /// A line counts towards the check when it holds at least this many characters.
    static let longLineCharacters = 10
    /// The confidence from which a long line counts as confidently read.
    static let confidentLine = 80.0
    /// At least this many confidently read, horizontal long lines…
    static let confidentLines = 4
    /// …making at least this share of the long lines, show an upright page.
    static let confidentShare = 1.0 / 3

    /// True when the reading shows upright text: at least `confidentLines` long lines wider
    /// than tall, read at `confidentLine` or better with at least two readable words
    /// (`TextRecognizer.isReadable`), making `confidentShare` of the long lines, and no more
    /// than half of the long lines standing.
    static func readsUpright(_ reading: PageText) -> Bool {
        let long = reading.lines.filter { $0.text.count >= longLineCharacters }
        guard !long.isEmpty else { return false }
        let standing = long.count(where: { $0.box.height > $0.box.width })
        let confident = long.count(where: { line in
            line.box.width > line.box.height && line.confidence >= confidentLine
                && line.words.count(where: TextRecognizer.isReadable) >= 2
        })
        return standing * 2 <= long.count && confident >= confidentLines
            && Double(confident) >= confidentShare * Double(long.count)
    }

    /// True when orientation detection must run on a page read as `reading`.
    static func needsOrientation(_ reading: PageText) -> Bool {
        Preprocessor.mayBeTurned(reading) && !readsUpright(reading)
    }
}
