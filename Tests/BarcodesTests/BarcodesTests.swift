import XCTest
@testable import Barcodes
