import Testing
import XCTest

/// Reports a failed expectation to the framework running the test: an issue in Swift Testing,
/// a failure in XCTest, either way at the caller's file and line.
enum FailureReporting {
    static func fail(_ message: String, fileID: String, filePath: StaticString, line: UInt, column: UInt) {
        if Test.current != nil {
            Issue.record(
                Comment(rawValue: message),
                sourceLocation: SourceLocation(fileID: fileID, filePath: "\(filePath)", line: Int(line), column: Int(column)))
        } else {
            XCTFail(message, file: filePath, line: line)
        }
    }
}
