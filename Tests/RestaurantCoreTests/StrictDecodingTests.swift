import Foundation
import RestaurantCore
import Testing
import UnderstudyCore
import UnderstudyFixtures

/// Every bundled fixture whose answer is JSON decodes into the core's model for its provider
/// and path. Fields a model leaves out are printed (information, not failure), so drift
/// between the fixtures and the models stays visible.
@Suite("Every JSON fixture decodes into the core's models")
struct StrictDecodingTests {
    @Test func everyJSONAnswerDecodes() throws {
        var checked = 0
        var ignored: [String: Set<String>] = [:]
        for fixture in try FixtureLoader.load(from: fixtures).sorted(by: { $0.file < $1.file }) {
            for response in fixture.responses {
                guard let data = try jsonBody(response) else { continue }
                if Self.outsideTheCore(provider: fixture.provider, path: fixture.request.path.text) { continue }
                guard let model = model(provider: fixture.provider, method: fixture.request.method, path: fixture.request.path.text, status: response.status) else {
                    Issue.record("\(fixture.file): no model for \(fixture.provider) \(fixture.request.path.text) \(response.status)")
                    continue
                }
                do {
                    ignored[fixture.file, default: []].formUnion(try model.ignoredFields(in: data))
                    checked += 1
                } catch {
                    Issue.record("\(fixture.file): does not decode as \(model): \(error)")
                }
            }
        }
        #expect(checked >= 58)
        // Each ignored field once, with the fixtures that hold it.
        var files: [String: [String]] = [:]
        for (file, fields) in ignored { for field in fields { files["\(file.prefix { $0 != "/" }) \(field)", default: []].append(file) } }
        let report = files.sorted { $0.key < $1.key }.map { "  \($0.key): \($0.value.count) fixture(s), e.g. \($0.value.sorted()[0])" }
        print("Strict decoding: \(checked) JSON answers decoded; fields the models ignore:\n" + report.joined(separator: "\n"))
    }

    /// Endpoints the bundled fixtures answer that no seed app calls (issue 41), so the core has no
    /// model for them: Yelp autocomplete, categories, business match, phone and transaction search
    /// (providers.md §1.9), and Google's legacy text search, find place, autocomplete, geocoding
    /// and distance matrix (§2.7–§2.10). `understudy verify` checks their shapes against the packs.
    private static func outsideTheCore(provider: String, path: String) -> Bool {
        switch provider {
        case "yelp":
            return path == "/v3/autocomplete" || path == "/v3/categories" || path.hasPrefix("/v3/categories/")
                || path == "/v3/businesses/matches" || path == "/v3/businesses/search/phone" || path.hasPrefix("/v3/transactions/")
        case "google":
            return ["/place/textsearch/json", "/place/findplacefromtext/json", "/place/autocomplete/json", "/geocode/json", "/distancematrix/json"]
                .contains(where: path.hasSuffix)
        default:
            return false
        }
    }

    /// The model for an answer of `provider` at `path` with `status`.
    private func model(provider: String, method: String, path: String, status: Int) -> (any Codable.Type)? {
        switch (provider, status >= 400) {
        case ("facebook", false) where method == "DELETE": return GraphDeleted.self
        case ("yelp", true): return Yelp.ErrorAnswer.self
        case ("yelp", false):
            if path == "/v3/businesses/search" { return Yelp.SearchAnswer.self }
            if path.hasSuffix("/reviews") { return Yelp.ReviewsAnswer.self }
            return path.hasPrefix("/v3/businesses/") ? Yelp.Business.self : nil
        case ("google", _):
            if path.hasSuffix("/nearbysearch/json") { return Google.NearbySearchAnswer.self }
            if path.hasSuffix("/details/json") { return Google.DetailsAnswer.self }
            return path.hasSuffix("/directions/json") ? Google.DirectionsAnswer.self : nil
        case ("places", true), ("routes", true): return GoogleCloudErrorAnswer.self
        case ("places", false):
            if path.hasSuffix(":searchNearby") { return PlacesV1.SearchNearbyAnswer.self }
            if path.hasSuffix(":searchText") { return PlacesV1.SearchTextAnswer.self }
            if path.hasSuffix(":autocomplete") { return PlacesV1.AutocompleteAnswer.self }
            if path.hasSuffix("/media") { return PlacesV1.PhotoMedia.self }
            return path.hasPrefix("/v1/places/") ? PlacesV1.Place.self : nil
        case ("routes", false):
            if path.hasSuffix(":computeRoutes") { return RoutesV2.ComputeRoutesAnswer.self }
            return path.hasSuffix(":computeRouteMatrix") ? [RoutesV2.MatrixElement].self : nil
        case ("facebook", true): return Graph.ErrorAnswer.self
        case ("facebook", false):
            if path.hasSuffix("/oauth/access_token") { return Graph.AccessToken.self }
            if path.hasSuffix("/debug_token") { return Graph.DebugToken.self }
            if path.hasSuffix("/me/permissions") { return Graph.Permissions.self }
            return path.hasSuffix("/me") ? Graph.User.self : nil
        case ("feed", _): return path.hasSuffix("restaurants.json") ? Feed.Document.self : nil
        default: return nil
        }
    }

    /// The body, when the answer is JSON.
    private func jsonBody(_ response: FixtureResponse) throws -> Data? {
        let contentType = response.headers.first { $0.name.lowercased() == "content-type" }?.value.lowercased()
        switch response.body {
        case .bytes(let bytes):
            guard !bytes.isEmpty, contentType?.contains("json") ?? true, let first = bytes.first(where: { $0 > 0x20 }), first == UInt8(ascii: "{") else { return nil }
            return Data(bytes)
        case .file(let file):
            guard file.path.hasSuffix(".json") else { return nil }
            return try Data(contentsOf: URL(fileURLWithPath: file.path))
        }
    }
}

/// Graph's answer to a DELETE (log-out revokes the permissions), which the core does not
/// read: `true` or `{"success": true}` (the contract's `Deleted`, a `oneOf`).
private enum GraphDeleted: Codable {
    case flag(Bool)
    case success(Bool)

    private enum CodingKeys: String, CodingKey { case success }

    init(from decoder: any Decoder) throws {
        if let flag = try? decoder.singleValueContainer().decode(Bool.self) {
            self = .flag(flag)
        } else {
            self = .success(try decoder.container(keyedBy: CodingKeys.self).decode(Bool.self, forKey: .success))
        }
    }

    func encode(to encoder: any Encoder) throws {
        switch self {
        case .flag(let flag):
            var container = encoder.singleValueContainer()
            try container.encode(flag)
        case .success(let success):
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(success, forKey: .success)
        }
    }
}

extension Decodable where Self: Encodable {
    /// Decodes `data` strictly, then lists the JSON paths whose non-null values the model
    /// did not keep (they are absent when it is encoded again).
    static func ignoredFields(in data: Data) throws -> Set<String> {
        let value = try JSONDecoder().decode(Self.self, from: data)
        let original = try JSONSerialization.jsonObject(with: data)
        let kept = try JSONSerialization.jsonObject(with: JSONEncoder().encode(value))
        return missing(original, in: kept, at: "$")
    }
}

/// Paths of `original` that `kept` lacks; array elements are compared index by index and
/// reported as `[]`.
private func missing(_ original: Any, in kept: Any?, at path: String) -> Set<String> {
    if let object = original as? [String: Any] {
        let keptObject = kept as? [String: Any] ?? [:]
        return object.reduce(into: Set<String>()) { found, member in
            guard !(member.value is NSNull) else { return }
            guard let keptValue = keptObject[member.key] else {
                found.insert("\(path).\(member.key)")
                return
            }
            found.formUnion(missing(member.value, in: keptValue, at: "\(path).\(member.key)"))
        }
    }
    if let array = original as? [Any] {
        let keptArray = kept as? [Any] ?? []
        return array.enumerated().reduce(into: Set<String>()) { found, element in
            found.formUnion(missing(element.element, in: element.offset < keptArray.count ? keptArray[element.offset] : nil, at: "\(path)[]"))
        }
    }
    return []
}
