import DocumentModel

extension Image {
    /// The horizontal and vertical ruling lines of this image (see `RulingDetector`), in pixel
    /// coordinates.
    public func rulingLines(detector: RulingDetector = RulingDetector()) throws(ImageError) -> [RulingLine] {
        try detector.detect(in: self)
    }
}
