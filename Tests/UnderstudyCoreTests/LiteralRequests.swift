import Foundation
@testable import UnderstudyCore
@testable import UnderstudyFixtures

/// The method and target of a request meeting `fixture`'s path and query conditions when they
/// are literal: an exact path, query parameters pinned to one value, and no body condition;
/// `nil` otherwise.
func literalTarget(answeredBy fixture: Fixture) -> (method: String, target: String)? {
    let pattern = fixture.request
    guard pattern.path.isExact, pattern.body == nil else { return nil }
    var query: [String] = []
    for (name, condition) in pattern.query.sorted(by: { $0.key < $1.key }) {
        guard case .equals(let value) = condition else { return nil }
        query.append(percentEncoded(name) + "=" + percentEncoded(value))
    }
    return (pattern.method, pattern.path.text + (query.isEmpty ? "" : "?" + query.joined(separator: "&")))
}

/// `text` with everything but letters and digits percent-encoded.
func percentEncoded(_ text: String) -> String {
    text.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? text
}
