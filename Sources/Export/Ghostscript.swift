import Foundation

/// Converts a PDF to PDF/A-2b with Ghostscript's `pdfwrite` device (Debian's `ghostscript`), as
/// OCRmyPDF does: colours to RGB under the sRGB output intent, fonts embedded, transparency and
/// forbidden features resolved. The text layer (invisible text) passes through; JPEGs are kept
/// (`-dPassThroughJPEGImages`, the default). Run as a child process with a time limit.
enum Ghostscript {
    static let executable = "/usr/bin/gs"

    static func convertToPDFA(_ bytes: [UInt8], name: String, timeout: TimeInterval) throws -> [UInt8] {
        guard FileManager.default.isExecutableFile(atPath: executable) else {
            throw ExportError(message: "\(name) needs a conversion to PDF/A and \(executable) is missing (install the Debian package ghostscript)")
        }
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("quire-gs-\(getpid())-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let input = folder.appendingPathComponent("in.pdf"), output = folder.appendingPathComponent("out.pdf")
        let definitions = folder.appendingPathComponent("PDFA_def.ps")
        try Data(bytes).write(to: input)
        try Data(pdfaDefinitions.utf8).write(to: definitions)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = [
            "-dBATCH", "-dNOPAUSE", "-dSAFER", "-dQUIET", "-sstdout=%stderr", "-sDEVICE=pdfwrite",
            "-dPDFA=2", "-dPDFACompatibilityPolicy=1", "-sColorConversionStrategy=RGB", "-dCompatibilityLevel=1.7",
            "-dAutoRotatePages=/None", "-dPassThroughJPEGImages=true", "-dEmbedAllFonts=true",
            "--permit-file-read=\(PDFAConformance.sRGBProfilePath)", "--permit-file-read=\(folder.path)/",
            "-sOutputFile=\(output.path)", definitions.path, input.path,
        ]
        let errors = Pipe()
        process.standardError = errors
        process.standardOutput = FileHandle.nullDevice
        process.standardInput = FileHandle.nullDevice
        try process.run()
        let done = DispatchSemaphore(value: 0)
        let collected = ErrorText()
        DispatchQueue.global().async {
            collected.set(errors.fileHandleForReading.readDataToEndOfFile())
            done.signal()
        }
        if done.wait(timeout: .now() + timeout) == .timedOut {
            process.terminate()
            process.waitUntilExit()
            throw ExportError(message: "\(name): Ghostscript's conversion to PDF/A took more than \(Int(timeout)) s and was stopped")
        }
        process.waitUntilExit()
        let message = collected.text.split(whereSeparator: \.isNewline).prefix(3).joined(separator: "; ")
        guard process.terminationStatus == 0, let result = FileManager.default.contents(atPath: output.path), !result.isEmpty else {
            throw ExportError(message: "\(name) cannot be converted to PDF/A: Ghostscript exited \(process.terminationStatus)"
                              + (message.isEmpty ? "" : ": \(message)"))
        }
        return Array(result)
    }

    private final class ErrorText: @unchecked Sendable {
        private let lock = NSLock()
        private var data = Data()
        func set(_ d: Data) { lock.lock(); data = d; lock.unlock() }
        var text: String { lock.lock(); defer { lock.unlock() }; return String(decoding: data, as: UTF8.self) }
    }

    /// The output intent Ghostscript writes (quire replaces it with its own, the same profile).
    static let pdfaDefinitions = """
        %!
        /ICCProfile (\(PDFAConformance.sRGBProfilePath)) def
        [/_objdef {icc_PDFA} /type /stream /OBJ pdfmark
        [{icc_PDFA} << /N 3 >> /PUT pdfmark
        [{icc_PDFA} ICCProfile (r) file /PUT pdfmark
        [/_objdef {OutputIntent_PDFA} /type /dict /OBJ pdfmark
        [{OutputIntent_PDFA} << /Type /OutputIntent /S /GTS_PDFA1 /DestOutputProfile {icc_PDFA}
          /OutputConditionIdentifier (sRGB IEC61966-2.1) >> /PUT pdfmark
        [{Catalog} << /OutputIntents [ {OutputIntent_PDFA} ] >> /PUT pdfmark

        """
}
