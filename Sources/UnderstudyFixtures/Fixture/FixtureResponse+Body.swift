import UnderstudySupport
extension FixtureResponse {
    /// The body's bytes as stored: held in the fixture, or read from its body file (a
    /// templated body unrendered).
    public func bodyBytes() throws(FileBytes.IOError) -> [UInt8] {
        switch body {
        case .bytes(let bytes): bytes
        case .file(let file): try file.read()
        }
    }
}
