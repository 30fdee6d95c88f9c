import UnderstudyTesting

extension TestServer {
    /// The journal of a flow: each fixture answered its count of requests, and every request
    /// found a fixture. A failure points at the caller's line, as the checks it runs do.
    public func expectJournal(
        _ answered: [String: Int],
        fileID: String = #fileID, filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column
    ) {
        for (file, count) in answered.sorted(by: { $0.key < $1.key }) {
            expectRequests(answeredBy: file, count: count, fileID: fileID, filePath: filePath, line: line, column: column)
        }
        expectNoUnmatchedRequests(fileID: fileID, filePath: filePath, line: line, column: column)
    }
}
