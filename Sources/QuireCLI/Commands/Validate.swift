import Pipeline

/// `quire validate PIPELINE`: diagnostics to stderr; on success a one-line summary to stdout.
func executeValidate(_ options: ValidateOptions) throws -> Int32 {
    let result = PipelineLoader().validate(path: options.pipeline)
    guard let spec = result.spec else {
        throw PipelineFileError(path: options.pipeline, diagnostics: result.diagnostics)
    }
    for warning in result.warnings { write(warning.description, to: .stderr) }
    write("ok: \(options.pipeline) (\(summary(of: spec)))", to: .stdout)
    for (index, tally) in Discovery.survey(spec).enumerated() {
        write("  input \(index + 1) \(tally.root): " + describe(tally), to: .stdout)
    }
    return ExitCode.success.rawValue
}

/// "12 file(s) match (of 15; 2 junk names skipped)", or why none do.
private func describe(_ tally: Discovery.InputTally) -> String {
    guard tally.found else { return "not found" }
    if tally.files == 0 { return "holds no files" }
    let junk = tally.junk > 0 ? "; \(tally.junk) junk name(s) skipped" : ""
    return "\(tally.matched) file(s) match (of \(tally.files)\(junk))"
}

/// "2 inputs, OCR eng+deu balanced, 3 barcode symbologies, 2 workers, database /data/q.db"
func summary(of spec: PipelineSpec) -> String {
    var parts = ["\(spec.inputs.count) input\(spec.inputs.count == 1 ? "" : "s")"]
    let languages = spec.ocr.detectsLanguage
        ? "languages auto (\(spec.ocr.languages.joined(separator: ", ")))" : spec.ocr.languages.joined(separator: "+")
    parts.append(spec.ocr.enabled ? "OCR \(languages) \(spec.ocr.level.rawValue)" : "OCR off")
    if spec.barcodes.enabled {
        let count = spec.barcodes.symbologies.count
        parts.append("\(count) barcode symbolog\(count == 1 ? "y" : "ies")")
    } else {
        parts.append("barcodes off")
    }
    parts.append(spec.run.workers.map { "\($0) worker\($0 == 1 ? "" : "s")" } ?? "workers: one per core")
    parts.append("database \(spec.database)")
    return parts.joined(separator: ", ")
}
