import CLeptonica
import DocumentModel

extension Image {
    /// A copy of this 8-bit gray image with each polygon (a found symbol's quadrilateral, in
    /// pixels) painted white, so a new search cannot find that symbol again and sees what lies
    /// beside it. nil when the image is not plain 8-bit gray or leptonica cannot copy it.
    package func whitened(_ polygons: [[DocumentModel.Point]]) -> Image? {
        guard isPlainGray else { return nil }
        return withPix { pix -> Image? in
            // pixCopy(NULL, pixs): a new pix with the same pixels; ours to own.
            guard let copy = pixCopy(nil, pix), let data = pixGetData(copy) else { return nil }
            let width = Int(pixGetWidth(copy)), height = Int(pixGetHeight(copy)), wpl = Int(pixGetWpl(copy))
            let bytes = UnsafeMutableRawPointer(data).assumingMemoryBound(to: UInt8.self)
            let swap = UInt32(1).littleEndian == 1 ? 3 : 0  // byte order inside leptonica's 32-bit words
            for polygon in polygons where polygon.count >= 3 {
                let ys = polygon.map(\.y)
                let y0 = max(0, ys.min()!), y1 = min(height - 1, ys.max()!)
                guard y0 <= y1 else { continue }
                for y in y0...y1 {
                    // Even-odd scanline fill at the row's centre.
                    let cy = Double(y) + 0.5
                    var xs: [Double] = []
                    for i in polygon.indices {
                        let a = polygon[i], b = polygon[(i + 1) % polygon.count]
                        let ay = Double(a.y), by = Double(b.y)
                        guard (ay <= cy) != (by <= cy) else { continue }
                        xs.append(Double(a.x) + (cy - ay) / (by - ay) * Double(b.x - a.x))
                    }
                    xs.sort()
                    var k = 0
                    while k + 1 < xs.count {
                        let x0 = max(0, Int(xs[k].rounded(.down))), x1 = min(width - 1, Int(xs[k + 1].rounded(.up)))
                        if x0 <= x1 {
                            let row = bytes + y * wpl * 4
                            for x in x0...x1 { row[x ^ swap] = 255 }
                        }
                        k += 2
                    }
                }
            }
            return Image(owning: copy)
        }
    }
}
