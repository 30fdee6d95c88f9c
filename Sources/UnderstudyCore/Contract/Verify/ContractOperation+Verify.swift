/// Where an operation's answers and declarations are, for the verifier's findings and coverage.
extension ContractOperation {
    /// The declared status key an answer of `status` falls under: exact, then its class, then `default`.
    func declaredKey(for status: Int) -> String? {
        [String(status), "\(status / 100)XX", "default"].first { responses[$0] != nil }
    }

    /// Where the operation sits in its pack: `$.paths["/v3/businesses/search"].get`.
    var documentPath: JSONPath {
        JSONPath.root.appending("paths").appending(path.text).appending(method.lowercased())
    }
}
