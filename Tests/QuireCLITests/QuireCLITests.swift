import XCTest
@testable import QuireCLI
