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
        let query = route.operation?.meanings.rewritten(request.queryChecks)
        guard versioned != nil || query != nil else { return nil }
        var path = request.path
        if let rest = versioned?.rest, case .success(let stripped) = PathPattern.parse(rest) { path = stripped }
        return (request.with(path: path, query: query), versioned?.version)
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
        guard versioned != nil || meanings?.isEmpty == false else { return nil }
        let rewritten = meanings?.rewritten(request.query)
        // Nothing rewritten: the request is its own form (a copy would be equal, byte for byte).
        guard versioned != nil || rewritten != nil else { return nil }
        return Rewrite(path: versioned?.rest ?? request.path, query: rewritten ?? request.query, version: versioned?.version)
    }

    /// A request's path and query in the contract's terms, and the version its path named.
    package struct Rewrite: Sendable {
        package let path: String
        package let query: QueryParameters
        package let version: String?

        /// `request` (or another with the same path and query) in the contract's terms.
        package func form(of request: Request) -> (request: Request, version: String?) {
            (request.with(path: path, query: query), version)
        }
    }
}
