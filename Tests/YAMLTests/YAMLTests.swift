import XCTest
@testable import YAML
