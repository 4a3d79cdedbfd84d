import XCTest
@testable import OCR
