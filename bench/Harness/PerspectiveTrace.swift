import Barcodes
import Foundation
import Imaging
import Pipeline

/// `quire-bench qr-perspective OUTDIR FILE…`: for each image, each QR finder triple's finder
/// outlines and projective estimates (``PerspectiveSymbol``), and each copy written to OUTDIR as
/// a PGM (to study why a photographed symbol does not decode).
enum PerspectiveTrace {
    static func run(out: String, files: [String]) throws {
        try FileManager.default.createDirectory(atPath: out, withIntermediateDirectories: true)
        for file in files {
            guard let image = Image(readingForTests: file) else { throw HarnessError("cannot read \(file)") }
            guard let plane = try? image.barcodeGrayPlane() else { continue }
            let triples = QRFinderLocator.triples(in: plane)
            // The two perspective passes as the staged search runs them (CPU of this thread).
            let start = PassSeconds.now()
            for binarizer in [BarcodeBinarizer.localAverage, .globalHistogram] {
                _ = try BarcodeReader().read(image, pass: BarcodePass(multi: false, area: .finderPerspective, binarizer: binarizer))
            }
            print("\(file): \(triples.count) triples, perspective passes \(Int((PassSeconds.now() - start) * 1000)) ms CPU")
            if let region = ProcessInfo.processInfo.environment["QR5REGION"]?.split(separator: ",").compactMap({ Double($0) }), region.count == 4 {
                for f in QRFinderLocator.finders(in: plane) where f.x >= region[0] && f.x <= region[2] && f.y >= region[1] && f.y <= region[3] {
                    print("  finder (\(Int(f.x)),\(Int(f.y))) m \(String(format: "%.1f", f.module)) hits \(f.hits)")
                }
                for (t, triple) in triples.enumerated() where [triple.corner, triple.right, triple.below].allSatisfy({ $0.x >= region[0] && $0.x <= region[2] && $0.y >= region[1] && $0.y <= region[3] }) {
                    print("  triple \(t) in region: (\(Int(triple.corner.x)),\(Int(triple.corner.y))) (\(Int(triple.right.x)),\(Int(triple.right.y))) (\(Int(triple.below.x)),\(Int(triple.below.y)))")
                }
            }
            let stem = URL(fileURLWithPath: file).deletingPathExtension().lastPathComponent
            for (t, triple) in triples.prefix(40).enumerated() {
                let outlines = [triple.corner, triple.right, triple.below].map { f in
                    FinderOutline(image, finder: f).map { o in o.corners.map { "(\(Int($0.x)),\(Int($0.y)))" }.joined() } ?? "none"
                }
                print("  triple \(t) A (\(Int(triple.corner.x)),\(Int(triple.corner.y))) m \(String(format: "%.1f", triple.module)) strict \(triple.strict): \(outlines.joined(separator: " | "))")
                for (e, estimate) in PerspectiveSymbol.estimates(image, triple: triple, outline: { FinderOutline(image, finder: $0) }).enumerated() {
                    let n = Double(estimate.modules)
                    let corners = [(0.0, 0.0), (n, 0.0), (n, n), (0.0, n)].compactMap { estimate.symbol.apply($0) }
                    print("    estimate \(e): \(estimate.modules) modules, corners \(corners.map { "(\(Int($0.x)),\(Int($0.y)))" }.joined())")
                    guard let copy = UprightSymbol(image, symbol: estimate.symbol, modules: n, pageModule: estimate.pageModule) else { continue }
                    let header = "P5\n\(copy.plane.width) \(copy.plane.height)\n255\n"
                    try (Data(header.utf8) + Data(copy.plane.bytes)).write(to: URL(fileURLWithPath: "\(out)/\(stem)-t\(t)-e\(e).pgm"))
                }
            }
        }
    }
}
