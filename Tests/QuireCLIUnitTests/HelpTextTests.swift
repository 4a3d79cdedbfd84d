import XCTest
@testable import QuireCLI

/// The words and columns a newcomer reads first (issue 38, items 1 and 2), against golden text.
final class HelpTextTests: XCTestCase {
    func testTopHelpKeepsItsColumnsApart() throws {
        let help = CommandInfo.topHelp
        let commands = help.components(separatedBy: "Commands:\n")[1].components(separatedBy: "\n\n")[0]
        // Golden text (a new command changes it: paste the new block after checking its columns).
        XCTAssertEqual(commands, """
              run PIPELINE                    Process the documents of a pipeline into its database
              validate PIPELINE               Check a pipeline file and report every problem in it
              status PIPELINE|DB              Summarise a database: documents, pages, runs, failures
              rerun PIPELINE                  Process selected pages again
              export PIPELINE|DATABASE        Write results as JSON, Markdown, text, CSV, HTML, hOCR, ALTO, PDF or PDF/A
              search PIPELINE|DATABASE QUERY  Full-text search over the pages of current documents
              plan PIPELINE                   Cut the work into shards for a cluster (Slurm array, Kubernetes Indexed Job)
              merge PIPELINE                  Fold the finished shards of the current plan into the database
              help [COMMAND]                  Show help for a command
            """)
        // Whatever commands there are: every summary starts after the widest head and two spaces.
        let lines = commands.split(separator: "\n").map(String.init)
        let heads = CommandInfo.all.map { "\($0.name) \($0.positional)" } + ["help [COMMAND]"]
        let column = heads.map(\.count).max()! + 4
        for (line, head) in zip(lines, heads) {
            XCTAssertTrue(line.hasPrefix("  " + head + "  "), "columns run together: \(line)")
            XCTAssertNotEqual(line[line.index(line.startIndex, offsetBy: column)], " ", line)
            XCTAssertEqual(line[line.index(line.startIndex, offsetBy: column - 1)], " ", line)
        }
    }

    func testHelpHelpIsHelp() throws {
        for arguments in [["help", "help"], ["help", "--help"]] {
            XCTAssertEqual(try CommandParser.parse(arguments), .help(CommandInfo.helpHelp), "\(arguments)")
        }
        XCTAssertEqual(CommandInfo.helpHelp, """
            Show help for a command.

            Usage: quire help [COMMAND]

            Without COMMAND, lists the commands, the options and the exit codes; with one, prints that
            command's usage, options and details (the same as 'quire COMMAND --help').
            """)
        XCTAssertThrowsError(try CommandParser.parse(["help", "hepl"]))
    }

    func testRequiredOptionsAreNotBracketedAndJIsWorkers() throws {
        XCTAssertEqual(CommandInfo.named("export")!.usage,
                       "quire export PIPELINE|DATABASE --format FORMAT[,FORMAT...] --out DIR [--document GLOB] [--since RUN_ID] [--changed] [--force] [--words]")
        XCTAssertEqual(CommandInfo.named("run")!.usage,
                       "quire run PIPELINE [--workers N] [--progress auto|plain|json] [--quiet] [--log-file PATH] [--dry-run] [--all] [--shard i/N|auto]")
        XCTAssertTrue(CommandInfo.named("run")!.helpText.contains("\n  -j, --workers N "), CommandInfo.named("run")!.helpText)
        XCTAssertEqual(try CommandParser.parse(["run", "p.yml", "-j", "3"]), .run(RunOptions(pipeline: "p.yml", workers: 3)))
        XCTAssertEqual(try CommandParser.parse(["rerun", "p.yml", "-j", "2", "--failed"]),
                       .rerun(RerunOptions(pipeline: "p.yml", failedOnly: true, workers: 2)))
    }
}
