import XCTest
@testable import SQLite
