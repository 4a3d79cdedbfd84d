import XCTest
@testable import Imaging
