import XCTest
@testable import PDF
