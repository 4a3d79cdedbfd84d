import XCTest
@testable import Pipeline
