import UnderstudyTesting

extension TestServer {
    /// The journal of a flow: each fixture (or provider answer, written `"yelp: validationError"`)
    /// answered its count of requests, and every request found one. A failure points at the
    /// caller's line, as the checks it runs do.
    /// Unless `brokeTheContract` (an error-path test that sends what the provider refuses), no
    /// request may break its provider's contract either.
    public func expectJournal(
        _ answered: [String: Int], brokeTheContract: Bool = false,
        fileID: String = #fileID, filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column
    ) {
        for (file, count) in answered.sorted(by: { $0.key < $1.key }) {
            if file.contains(": ") {
                expectRequests(answeredByProvider: file, count: count, fileID: fileID, filePath: filePath, line: line, column: column)
            } else {
                expectRequests(answeredBy: file, count: count, fileID: fileID, filePath: filePath, line: line, column: column)
            }
        }
        expectNoUnmatchedRequests(fileID: fileID, filePath: filePath, line: line, column: column)
        if !brokeTheContract { expectNoContractViolations(fileID: fileID, filePath: filePath, line: line, column: column) }
    }
}
