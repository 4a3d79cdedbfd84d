import XCTest
@testable import Layout
