extension BarcodeGrayPlane {
    /// The midpoint between the plane's dark (5th percentile) and light (95th percentile) gray
    /// levels: a cut between ink and paper; nil when they differ by less than `minContrast`
    /// (a blank or nearly blank area).
    package func midGray(minContrast: Int) -> UInt8? {
        var histogram = [Int](repeating: 0, count: 256)
        for value in bytes { histogram[Int(value)] += 1 }
        let total = bytes.count
        func percentile(_ fraction: Double) -> Int {
            let target = Int(Double(total) * fraction)
            var seen = 0
            for level in 0..<256 {
                seen += histogram[level]
                if seen > target { return level }
            }
            return 255
        }
        let dark = percentile(0.05), light = percentile(0.95)
        guard light - dark >= minContrast else { return nil }
        return UInt8((dark + light) / 2)
    }
}
