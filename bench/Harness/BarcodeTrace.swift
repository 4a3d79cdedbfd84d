import Barcodes
import DocumentModel
import Foundation
import Imaging

/// `quire-bench barcode-trace FILE…`: for each image, what the staged search reads, what each
/// pass of it reads alone, and the QR finder-pattern areas (to study why a photo is missed).
/// `--born`: the staged search as a born-digital page's picture is read (candidate regions must
/// show a code's texture, ``BarcodeReader/read(_:textPage:codeTexture:)``).
/// `--jsonl`: only the staged search, one JSON line per symbol as the dev set's scorer reads
/// them (`{"file", "format", "text"}`).
enum BarcodeTrace {
    static func run(files: [String], jsonl: Bool, born: Bool = false) throws {
        let reader = BarcodeReader()
        for file in files {
            guard let image = Image(readingForTests: file) else { throw HarnessError("cannot read \(file)") }
            var start = Date()
            let staged = try reader.read(image, codeTexture: born)
            if jsonl {
                for code in staged {
                    let line = try JSONSerialization.data(withJSONObject: ["file": file, "format": code.symbology.rawValue,
                                                                           "text": code.payload], options: [.sortedKeys])
                    print(String(decoding: line, as: UTF8.self))
                }
                continue
            }
            print("\(file) \(image.width)x\(image.height) staged \(ms(start)) ms: \(describe(staged))")
            guard let plane = try? image.barcodeGrayPlane() else { continue }
            let grayImage = (try? image.isPlainGray ? image : image.grayscale()) ?? image
            start = Date()
            let candidates = (try? grayImage.barcodeCandidateRegions()) ?? []
            let candidateMS = ms(start)
            let loose = (try? grayImage.barcodeCandidateRegions(rejectText: false)) ?? []
            func boxes(_ list: [Box]) -> String { list.prefix(12).map { "\($0.x),\($0.y) \($0.width)x\($0.height)" }.joined(separator: "; ") }
            print("  candidates \(candidates.count) (\(candidateMS) ms): \(boxes(candidates)); without the text test \(loose.count): \(boxes(loose))")
            start = Date()
            let runes = AztecRuneLocator.bullseyes(in: plane).map { ($0, AztecRuneDecoder.symbol(in: plane, at: $0)) }
            print("  aztec runes over the whole image (\(ms(start)) ms): bullseyes \(runes.count), read \(runes.compactMap(\.1?.value))")
            start = Date()
            let finders = QRFinderLocator.finders(in: plane)
            let crops = QRFinderLocator.triples(in: plane).map(\.area)
            print("  finders \(finders.count), crops \(crops.count) (\(ms(start)) ms): "
                  + crops.prefix(12).map { "\($0.x),\($0.y) \($0.width)x\($0.height)" }.joined(separator: "; "))
            if finders.count <= 8 {
                print("  finders: " + finders.map { "(\(Int($0.x)),\(Int($0.y)) m \(String(format: "%.1f", $0.module)) hits \($0.hits))" }
                    .joined(separator: " "))
            }
            for pass in BarcodeSearch.stagedPasses {
                start = Date()
                let found = try reader.read(image, pass: pass)
                if !found.isEmpty { print("  pass \(pass) \(ms(start)) ms: \(describe(found))") }
            }
        }
    }

    static func ms(_ start: Date) -> Int { Int(Date().timeIntervalSince(start) * 1000) }

    static func describe(_ codes: [Barcode]) -> String {
        codes.map { "\($0.symbology.rawValue) '\($0.payload.prefix(14))' @\($0.bounds.x),\($0.bounds.y)" }.joined(separator: ", ")
    }
}
