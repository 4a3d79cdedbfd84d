import Foundation

/// Paths of the extract fixtures (Tests/Fixtures/extract, see its README).
enum Fixture {
    static let folder = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Fixtures/extract")
    static func path(_ name: String) -> String { folder.appendingPathComponent(name).path }
}
