// quire-bench: the measuring harnesses of bench/ (quality sets, data detection, layout scores).
// They call quire's libraries in-process; bench/*/evaluate.py and friends run them and score the
// output. Not a test: nothing here asserts behaviour (see bench/README.md).
import Foundation

let usage = """
usage: quire-bench barcodes SET                      every candidate pass alone, then the staged search
       quire-bench barcode-trace [--jsonl] [--born] FILE...   the staged search and each of its passes on images
       quire-bench qr-perspective OUTDIR FILE...     QR finder outlines and perspective copies (PGM)
       quire-bench ocr SET [--levels L,L] [--osd]    read a bench/ocr-quality set at each level
       quire-bench ocr-split FOLDER [--level L]      CPU seconds per part of reading each page image
       quire-bench scan-split FOLDER [--level L]     CPU seconds per stage of a scanned page (OCR, layout, barcodes, …)
       quire-bench detect PAGES [--locale L] [--out FILE]   detect data on exported pages' words
       quire-bench layout DATA [--verbose] [--dump FILE]     score the layout pass on bench/layout-quality
       quire-bench messages QUIRE PIPELINE [--pages N] [--rounds R]   the worker pipe's coders on a run's messages
"""

/// The value after `flag` in `args`, if given.
func option(_ flag: String, in args: [String]) -> String? {
    guard let i = args.firstIndex(of: flag), i + 1 < args.count else { return nil }
    return args[i + 1]
}

let args = Array(CommandLine.arguments.dropFirst())
guard let command = args.first, args.count >= 2 else {
    FileHandle.standardError.write(Data((usage + "\n").utf8))
    exit(64)
}
do {
    switch command {
    case "barcodes": try BarcodePasses.run(set: args[1])
    case "barcode-trace": try BarcodeTrace.run(files: args.dropFirst().filter { !$0.hasPrefix("--") }, jsonl: args.contains("--jsonl"),
                                                 born: args.contains("--born"))
    case "qr-perspective": try PerspectiveTrace.run(out: args[1], files: Array(args.dropFirst(2)))
    case "ocr":
        try OCREvaluation.run(set: args[1], levels: option("--levels", in: args) ?? "fast,balanced,accurate",
                              osd: args.contains("--osd"))
    case "ocr-split": try OCRSplit.run(folder: args[1], level: option("--level", in: args) ?? "balanced")
    case "scan-split": try ScanSplit.run(folder: args[1], level: option("--level", in: args) ?? "balanced")
    case "detect":
        try DetectionEvaluation.run(pages: args[1], locale: option("--locale", in: args),
                                    out: option("--out", in: args) ?? "/tmp/detections.jsonl")
    case "layout":
        try LayoutEvaluation.run(data: args[1], verbose: args.contains("--verbose"), dump: option("--dump", in: args))
    case "messages":
        try MessageCoding.run(quire: args[1], pipeline: args[2], pages: Int(option("--pages", in: args) ?? "") ?? 50,
                              rounds: Int(option("--rounds", in: args) ?? "") ?? 5)
    default:
        FileHandle.standardError.write(Data("quire-bench: unknown command '\(command)'\n\(usage)\n".utf8))
        exit(64)
    }
} catch {
    FileHandle.standardError.write(Data("quire-bench \(command): \(error)\n".utf8))
    exit(1)
}
