import UnderstudyJSON
import UnderstudyFixtures
import UnderstudySupport
/// Matching fixtures by what the contract says requests mean, not by their text: each query
/// parameter under its one name and its value written one way (`ParameterMeaning`), and a
/// versioned API's path without its version, so a Graph request at `/v2.8/me` finds a fixture
/// recorded at `/v19.0/me` (one written at the requested version still comes first).
///
/// Requests and fixtures are put in this form the same way: fixtures once, when the responder
/// is made; a request once, when it arrives. Without contracts, matching stays textual.
package enum ContractMatching {
    /// Each fixture's `form(of:route:)`, on every core for a large tree. Each core looks a
    /// route up once per method and path: most fixtures of a tree share a few paths (8,300 of
    /// the kit's 10,000 share four), and the lookup was a third of putting them in these terms.
    package static func forms(of fixtures: [Fixture], in contracts: Contracts) -> [FixtureIndex.Form?] {
        let form = { @Sendable (routes: inout KnownRoutes, fixture: Fixture) -> FixtureIndex.Form? in
            routes.route(method: fixture.request.method, path: fixture.request.path.text, in: contracts).flatMap { Self.form(of: fixture, route: $0) }
        }
        guard fixtures.count >= FixtureIndex.fixturesPerShard else {
            var routes = KnownRoutes()
            return fixtures.map { form(&routes, $0) }
        }
        return Parallel.map(fixtures.count, state: { KnownRoutes() }) { routes, index in form(&routes, fixtures[index]) }
    }

    /// The routes one core has looked up, by method and path.
    private struct KnownRoutes {
        private struct Key: Hashable {
            package let method: String
            package let path: String
        }
        private var routes: [Key: ContractRoute?] = [:]
        /// The last lookup: fixtures of one path tend to be neighbours by file name, and
        /// comparing two strings is cheaper than hashing them.
        private var last: (key: Key, route: ContractRoute?)?

        package mutating func route(method: String, path: String, in contracts: Contracts) -> ContractRoute? {
            if let last, last.key.path == path, last.key.method == method { return last.route }
            let key = Key(method: method, path: path)
            let route: ContractRoute?
            if let known = routes[key] {
                route = known
            } else {
                route = contracts.route(method: method, path: path)
                routes[key] = route
            }
            last = (key, route)
            return route
        }
    }

    /// `fixture`'s request side in the contract's terms, and the version its path names, where
    /// `route` places it; `nil` when nothing in it changes (then the fixture's own pattern is
    /// its form, and no copy is built).
    package static func form(of fixture: Fixture, route: ContractRoute) -> FixtureIndex.Form? {
        let request = fixture.request
        let versioned = route.pack.versioned(request.path.text)
        var query = route.operation?.meanings.rewritten(request.queryChecks)
        var headers: [String: ValueCondition]?
        if route.operation?.behaviours.fieldMask != nil, let masks = route.pack.behaviours.fieldMask,
            let masked = maskForm(of: request, query: query ?? request.query, masks: masks)
        {
            (query, headers) = (masked.query, masked.headers)
        }
        guard versioned != nil || query != nil || headers != nil else { return nil }
        var path = request.path
        if let rest = versioned?.rest, case .success(let stripped) = PathPattern.parse(rest) { path = stripped }
        return (request.with(path: path, query: query, headers: headers), versioned?.version)
    }

    /// A fixture's recorded field mask as what it means, any mask within it: the mask header's
    /// exact value becomes `withinMask`, and a mask recorded as a parameter (`$fields`) moves to
    /// the header, where a request's form carries it too. `nil` when the fixture records no mask.
    private static func maskForm(
        of request: RequestPattern, query: [String: ValueCondition], masks: PackBehaviours.FieldMasks
    ) -> (query: [String: ValueCondition], headers: [String: ValueCondition])? {
        var query = query
        var headers = request.headers
        let header = masks.header.lowercased()
        var recorded: String?
        if case .equals(let text)? = headers[header] { recorded = text }
        for name in masks.parameters {
            guard case .equals(let text)? = query[name] else { continue }
            query[name] = nil
            recorded = recorded ?? text
        }
        guard let mask = recorded.flatMap(FieldMask.init) else { return nil }
        headers[header] = .withinMask(mask)
        return (query, headers)
    }

    /// `request` in the contract's terms, with the version its path names; `request` itself
    /// when `route` changes nothing in it.
    package static func form(of request: Request, route: ContractRoute) -> (request: Request, version: String?) {
        rewrite(of: request, route: route)?.form(of: request) ?? (request, nil)
    }

    /// What putting `request` in the contract's terms changes: its path, query and version;
    /// `nil` when it changes nothing. It reads only the request's path and query.
    package static func rewrite(of request: Request, route: ContractRoute) -> Rewrite? {
        let versioned = route.pack.versioned(request.path)
        let meanings = route.operation?.meanings
        let masks = route.operation?.behaviours.fieldMask == nil ? nil : route.pack.behaviours.fieldMask
        let maskParameter = masks?.parameters.lazy.compactMap { name in request.query.values(name).first.map { (name, $0) } }.first
        guard versioned != nil || meanings?.isEmpty == false || maskParameter != nil else { return nil }
        var rewritten = meanings?.rewritten(request.query)
        var mask: HeaderField?
        if let masks, let (name, value) = maskParameter {
            // The mask sent as a parameter is matched where fixtures keep it, in the header.
            let query = rewritten ?? request.query
            rewritten = QueryParameters(pairs: query.pairs.filter { $0.name != name })
            mask = HeaderField(name: masks.header, value: value)
        }
        // Nothing rewritten: the request is its own form (a copy would be equal, byte for byte).
        guard versioned != nil || rewritten != nil else { return nil }
        return Rewrite(path: versioned?.rest ?? request.path, query: rewritten ?? request.query, version: versioned?.version, mask: mask)
    }

    /// `request` with the enums of its JSON body named where it sent numbers (`"travelMode": 3`
    /// is `"WALK"`), as fixtures are matched by name; `nil` when there are none to name.
    package static func namingEnums(in request: Request, operation: ContractOperation?) -> Request? {
        guard let enums = operation?.requestBody?.enums, !request.body.isEmpty,
            let json = try? JSONParser.parse(request.body), let named = enums.named(json)
        else { return nil }
        return request.with(body: JSONWriter.bytes(named))
    }

    /// A request's path and query in the contract's terms, and the version its path named.
    package struct Rewrite: Sendable {
        package let path: String
        package let query: QueryParameters
        package let version: String?
        /// The field mask the query carried, as the header fixtures are matched on.
        package var mask: HeaderField? = nil

        /// `request` (or another with the same path and query) in the contract's terms.
        package func form(of request: Request) -> (request: Request, version: String?) {
            // A mask header the request sends itself is the one that counts.
            let added = mask.flatMap { mask in request.headers.contains { $0.hasName(mask.name) } ? nil : mask }
            return (request.with(path: path, query: query, addingHeader: added), version)
        }
    }
}
