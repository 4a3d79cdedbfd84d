import Foundation
import XCTest
@testable import QuireCLI

/// The nightly-scheduling files, the man page and the bash completion work as shipped: generated
/// files equal what the binary generates now, roff renders without warnings, systemd accepts the
/// units, and the crontab line is silent on a good night.
final class ContribTests: XCTestCase {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    private func file(_ relative: String) throws -> String {
        try String(contentsOf: Self.root.appendingPathComponent(relative), encoding: .utf8)
    }

    /// Runs a program; returns (status, stdout, stderr).
    private func run(_ executable: String, _ arguments: [String],
                     environment: [String: String] = [:]) throws -> (Int32, String, String) {
        let result = try ChildProcess.run(executable, arguments, environment: environment)
        return (result.status, result.stdout, result.stderr)
    }

    private func requireTool(_ path: String) throws {
        guard FileManager.default.isExecutableFile(atPath: path) else { throw XCTSkip("\(path) is not installed") }
    }

    func testTheCommittedManPageIsCurrentAndRendersWithoutWarnings() throws {
        XCTAssertEqual(try file("docs/quire.1"), ManPage.render() + "\n",
                       "docs/quire.1 is stale: regenerate it with `quire __manpage > docs/quire.1`")
        try requireTool("/usr/bin/groff")
        let (status, _, warnings) = try run("/usr/bin/groff", ["-man", "-Tutf8", "-ww", "-z",
                                                                Self.root.appendingPathComponent("docs/quire.1").path])
        XCTAssertEqual(status, 0)
        XCTAssertEqual(warnings, "", "groff warns about the man page")
        let (_, text, _) = try run("/usr/bin/groff", ["-man", "-Tascii", "-P", "-c", "-P", "-b", "-P", "-u",
                                                      Self.root.appendingPathComponent("docs/quire.1").path])
        for heading in ["NAME", "SYNOPSIS", "COMMANDS", "EXIT STATUS", "EXAMPLES"] {
            XCTAssertTrue(text.contains("\n\(heading)\n"), "no \(heading) section:\n\(text)")
        }
        for command in CommandInfo.all {
            XCTAssertTrue(ManPage.render().contains(".B quire \(command.name)\n"), "\(command.name) not in the synopsis")
            XCTAssertTrue(text.contains("\(command.name) \(command.positional)"), "\(command.name) has no section")
        }
        XCTAssertTrue(text.contains("--log-file"), text)
        XCTAssertTrue(text.contains("130"), text)
    }

    func testTheBashCompletionIsCurrentAndCompletes() throws {
        XCTAssertEqual(try file("contrib/bash-completion/quire"), BashCompletion.render() + "\n",
                       "contrib/bash-completion/quire is stale: regenerate it with `quire __completion bash`")
        let script = Self.root.appendingPathComponent("contrib/bash-completion/quire").path
        func complete(_ words: [String]) throws -> [String] {
            let quoted = words.map { "'\($0)'" }.joined(separator: " ")
            let (status, out, err) = try run("/bin/bash", ["-c", """
                source '\(script)'; COMP_WORDS=(\(quoted)); COMP_CWORD=\(words.count - 1); _quire; printf '%s\\n' "${COMPREPLY[@]}"
                """])
            XCTAssertEqual(status, 0, err)
            return out.split(separator: "\n").map(String.init)
        }
        XCTAssertEqual(try complete(["quire", "re"]), ["rerun"])
        XCTAssertEqual(try complete(["quire", "run", "p.yml", "--pro"]), ["--progress"])
        XCTAssertEqual(try complete(["quire", "run", "p.yml", "--progress", ""]), ["auto", "plain", "json"])
        XCTAssertEqual(try complete(["quire", "rerun", "p.yml", "--stage", "l"]), ["layout"])
        XCTAssertEqual(try complete(["quire", "status", "p.yml", "--ch"]), ["--check"])
        // Export formats, also after a comma; -j is --workers.
        XCTAssertEqual(try complete(["quire", "export", "q.db", "--format", "h"]), ["html", "hocr"])
        XCTAssertEqual(try complete(["quire", "export", "q.db", "--format", "json,ma"]), ["json,markdown"])
        XCTAssertEqual(try complete(["quire", "run", "p.yml", "-"]).contains("-j"), true)
    }

    /// `scripts/install.sh` with DESTDIR and PREFIX puts the binary where the systemd unit runs it
    /// (`/usr/local/bin/quire` by default), the man page where `man` finds it, and the completion
    /// where bash-completion loads it; the installed binary runs (issue 38, item 13).
    func testInstallScriptInstallsBinaryManPageAndCompletion() throws {
        let stage = FileManager.default.temporaryDirectory.appendingPathComponent("quire-install-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: stage) }
        for (prefix, expected) in [(nil, "/usr/local"), ("/opt/quire", "/opt/quire")] as [(String?, String)] {
            var environment = ["DESTDIR": stage.path, "QUIRE_BINARY": QuireSandbox.executable]
            if let prefix { environment["PREFIX"] = prefix }
            let (status, out, err) = try run("/bin/bash", [Self.root.appendingPathComponent("scripts/install.sh").path],
                                             environment: environment)
            XCTAssertEqual(status, 0, err)
            let root = stage.path + expected
            XCTAssertEqual(out, "\(root)/bin/quire\n\(root)/share/man/man1/quire.1\n\(root)/share/bash-completion/completions/quire\n")
            let (versionStatus, version, _) = try run(root + "/bin/quire", ["--version"])
            XCTAssertEqual(versionStatus, 0)
            XCTAssertTrue(version.contains(CommandInfo.version), version)
            XCTAssertEqual(try String(contentsOfFile: root + "/share/man/man1/quire.1", encoding: .utf8), try file("docs/quire.1"))
            XCTAssertEqual(try String(contentsOfFile: root + "/share/bash-completion/completions/quire", encoding: .utf8),
                           try file("contrib/bash-completion/quire"))
        }
        XCTAssertTrue(try file("contrib/systemd/quire-nightly.service").contains("ExecStart=/usr/local/bin/quire "),
                      "the unit runs what install.sh installs by default")
    }

    /// `systemd-analyze verify` on the shipped units, with the binary path pointed at the build and
    /// the man page the units cite made findable.
    func testTheSystemdUnitsVerify() throws {
        try requireTool("/usr/bin/systemd-analyze")
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("quire-units-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: dir) }
        try FileManager.default.createDirectory(at: dir.appendingPathComponent("man/man1"), withIntermediateDirectories: true)
        try FileManager.default.copyItem(at: Self.root.appendingPathComponent("docs/quire.1"),
                                         to: dir.appendingPathComponent("man/man1/quire.1"))
        let service = try file("contrib/systemd/quire-nightly.service")
        XCTAssertTrue(service.contains("ExecStart=/usr/local/bin/quire run "))
        try service.replacingOccurrences(of: "/usr/local/bin/quire", with: QuireSandbox.executable)
            .write(to: dir.appendingPathComponent("quire-nightly.service"), atomically: true, encoding: .utf8)
        try FileManager.default.copyItem(at: Self.root.appendingPathComponent("contrib/systemd/quire-nightly.timer"),
                                         to: dir.appendingPathComponent("quire-nightly.timer"))
        let (status, out, err) = try run("/usr/bin/systemd-analyze",
                                         ["verify", dir.appendingPathComponent("quire-nightly.service").path,
                                          dir.appendingPathComponent("quire-nightly.timer").path],
                                         environment: ["MANPATH": dir.appendingPathComponent("man").path])
        XCTAssertEqual(status, 0, out + err)
        XCTAssertEqual(err.trimmingCharacters(in: .whitespacesAndNewlines), "", err)
    }

    /// The crontab line, run by /bin/sh as cron would: silent on a good night, the summary and the
    /// problems on a bad one.
    func testTheCrontabLineIsSilentOnAGoodNightAndSpeaksOnABadOne() throws {
        let line = try XCTUnwrap(try file("contrib/cron/quire").split(separator: "\n")
            .first { !$0.hasPrefix("#") && !$0.trimmingCharacters(in: .whitespaces).isEmpty })
        let command = line.split(separator: " ", maxSplits: 5, omittingEmptySubsequences: true)[5]
        let box = try QuireSandbox(files: ["beta.pdf"])
        try box.writePipeline()
        let log = box.dir.appendingPathComponent("nightly.jsonl").path
        let bin = box.dir.appendingPathComponent("bin")
        try FileManager.default.createDirectory(at: bin, withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(atPath: bin.appendingPathComponent("quire").path,
                                                   withDestinationPath: QuireSandbox.executable)
        let concrete = command.replacingOccurrences(of: "/etc/quire/nightly.yml", with: box.pipeline)
            .replacingOccurrences(of: "/var/log/quire/nightly.jsonl", with: log)
        let path = bin.path + ":/usr/bin:/bin"
        let good = try run("/bin/sh", ["-c", concrete], environment: ["PATH": path, "OMP_THREAD_LIMIT": "1"])
        XCTAssertEqual(good.0, 0)
        XCTAssertEqual(good.1 + good.2, "", "cron would mail this")
        XCTAssertTrue(try String(contentsOfFile: log, encoding: .utf8).contains("\"event\":\"run_finished\""))

        try box.add(QuireSandbox.fixtures.appendingPathComponent("truncated.pdf"), as: "truncated.pdf")
        let bad = try run("/bin/sh", ["-c", concrete], environment: ["PATH": path, "OMP_THREAD_LIMIT": "1"])
        XCTAssertEqual(bad.0, 1)
        XCTAssertTrue(bad.2.contains("truncated.pdf"), bad.2)
        XCTAssertTrue(bad.1.contains("PROBLEM: 1 document(s) failed"), bad.1)
    }
}
