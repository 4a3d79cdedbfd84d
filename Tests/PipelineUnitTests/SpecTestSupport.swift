import Foundation
import XCTest
@testable import Pipeline

/// A temporary folder holding a pipeline file's neighbours: `scans/` (an input root) and a
/// fake tessdata folder with eng, deu and osd models (empty files suffice for the check).
final class SpecSandbox {
    let folder: String
    let tessdata: String

    init() throws {
        folder = NSTemporaryDirectory() + "quire-spec-\(UUID().uuidString)"
        tessdata = folder + "/tessdata"
        let fm = FileManager.default
        try fm.createDirectory(atPath: folder + "/scans/2024", withIntermediateDirectories: true)
        try fm.createDirectory(atPath: tessdata, withIntermediateDirectories: true)
        for code in ["eng", "deu", "osd"] {
            XCTAssertTrue(fm.createFile(atPath: "\(tessdata)/\(code).traineddata", contents: Data()))
        }
    }

    deinit { try? FileManager.default.removeItem(atPath: folder) }

    var pipelinePath: String { folder + "/pipeline.yaml" }

    func loader(environment: [String: String] = ["HOME": "/home/test", "SCAN_ROOT": "scans", "PDF_PW": "x"]) -> PipelineLoader {
        PipelineLoader(environment: environment, tessdataDirectory: tessdata)
    }

    func validate(_ text: String, environment: [String: String]? = nil) -> PipelineValidation {
        (environment.map { loader(environment: $0) } ?? loader()).validate(text: text, path: pipelinePath)
    }
}

/// The three required lines; snippets appended after them start on line 4.
let minimalHeader = """
name: t
database: quire.db
inputs: [scans]

"""
