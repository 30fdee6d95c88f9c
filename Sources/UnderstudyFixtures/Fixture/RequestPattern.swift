import UnderstudySupport
/// The request side of a fixture: every condition listed must hold; anything not listed
/// (extra parameters, other headers) is ignored.
package final class RequestPattern: Sendable, Hashable {
    /// The method, upper-case.
    public let method: String
    /// The path, exact or a template.
    public let path: PathPattern
    /// Conditions on decoded query parameters, by name: `queryChecks` as a dictionary, made
    /// when asked (checking a tree and reporting near misses ask; matching walks the checks),
    /// as keeping it was a dictionary per fixture.
    public var query: [String: ValueCondition] { Self.conditions(of: queryChecks) }
    /// Conditions on headers, by lower-cased name, made from `headerChecks` when asked.
    public var headers: [String: ValueCondition] { Self.conditions(of: headerChecks) }
    /// A condition on the body, if any.
    public let body: BodyCondition?

    /// How specific the pattern is: more and stricter conditions score higher.
    public let specificity: Int

    /// The query and header conditions as lists, the likeliest to fail first: matching walks
    /// them for every candidate of every request, and a list is cheaper to walk than a dictionary.
    package let queryChecks: [ConditionCheck]
    package let headerChecks: [ConditionCheck]

    public convenience init(method: String, path: PathPattern, query: [String: ValueCondition], headers: [String: ValueCondition], body: BodyCondition?) {
        self.init(method: method, path: path, body: body, queryChecks: Self.checks(query), headerChecks: Self.checks(headers))
    }

    /// A pattern whose conditions come already in matching order (`queryChecks` and
    /// `headerChecks` as a pattern built the usual way has them), as the fixture snapshot
    /// stores them: sorting them again was a quarter of decoding a 10,000-fixture snapshot.
    package convenience init(method: String, path: PathPattern, queryChecks: [ConditionCheck], headerChecks: [ConditionCheck]) {
        self.init(method: method, path: path, body: nil, queryChecks: queryChecks, headerChecks: headerChecks)
    }

    /// This pattern with another path and other query conditions (in matching order): a
    /// fixture's form in a contract's terms, as the kept forms hold it.
    package func with(path: PathPattern, queryChecks: [ConditionCheck], headerChecks: [ConditionCheck]? = nil) -> RequestPattern {
        RequestPattern(method: method, path: path, body: body, queryChecks: queryChecks, headerChecks: headerChecks ?? self.headerChecks)
    }

    /// This pattern with another path and, when given, other query and header conditions.
    package func with(path: PathPattern, query: [String: ValueCondition]?, headers: [String: ValueCondition]? = nil) -> RequestPattern {
        with(path: path, queryChecks: query.map(Self.checks) ?? queryChecks, headerChecks: headers.map(Self.checks))
    }

    /// The checks must come in matching order (`checks(_:)`), each name once.
    private init(method: String, path: PathPattern, body: BodyCondition?, queryChecks: [ConditionCheck], headerChecks: [ConditionCheck]) {
        self.method = method
        self.path = path
        self.body = body
        var specificity = path.specificity + (body?.specificity ?? 0)
        for check in queryChecks { specificity += check.condition.specificity }
        for check in headerChecks { specificity += check.condition.specificity }
        self.specificity = specificity
        self.queryChecks = queryChecks
        self.headerChecks = headerChecks
    }

    /// The checks as a dictionary, in one allocation (`reserveCapacity` on an empty literal
    /// made two), or none for no checks.
    private static func conditions(of checks: [ConditionCheck]) -> [String: ValueCondition] {
        guard !checks.isEmpty else { return [:] }
        var conditions = [String: ValueCondition](minimumCapacity: checks.count)
        for check in checks { conditions[check.name] = check.condition }
        return conditions
    }

    /// Exact values first (they reject most candidates), then patterns, then presence; by
    /// name within each, so the order is stable.
    private static func checks(_ conditions: [String: ValueCondition]) -> [ConditionCheck] {
        conditions.sorted { ($0.value.specificity, $1.key) > ($1.value.specificity, $0.key) }.map { ConditionCheck(name: $0.key, condition: $0.value) }
    }

    /// Patterns are equal when they accept exactly the same requests. Checks come in one order
    /// for the same conditions (by specificity, then name), so they compare as lists.
    public static func == (lhs: RequestPattern, rhs: RequestPattern) -> Bool {
        lhs.method == rhs.method && lhs.path == rhs.path && ConditionCheck.same(lhs.queryChecks, rhs.queryChecks)
            && ConditionCheck.same(lhs.headerChecks, rhs.headerChecks) && lhs.body == rhs.body
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(method)
        hasher.combine(path)
        for checks in [queryChecks, headerChecks] {
            hasher.combine(checks.count)
            for check in checks {
                hasher.combine(check.name)
                hasher.combine(check.condition)
            }
        }
        hasher.combine(body)
    }
}

/// One condition of a pattern with the name it applies to. A class: reading one from its
/// list is then one reference, where a (name, condition) value was copied member by member,
/// twice, for every candidate of every request.
package final class ConditionCheck: Sendable {
    package let name: String
    package let condition: ValueCondition

    package init(name: String, condition: ValueCondition) {
        self.name = name
        self.condition = condition
    }

    /// Whether two lists hold the same conditions on the same names, in the same order.
    package static func same(_ lhs: [ConditionCheck], _ rhs: [ConditionCheck]) -> Bool {
        lhs.count == rhs.count && zip(lhs, rhs).allSatisfy { $0.name == $1.name && $0.condition == $1.condition }
    }

    /// Whether `query` meets the condition (its members read in place, not copied).
    package func holds(in query: QueryParameters) -> Bool {
        condition.isSatisfied(byParameter: name, in: query)
    }

    /// Whether `headers` meet the condition.
    package func holds(in headers: [HeaderField]) -> Bool {
        condition.isSatisfied(byHeader: name, in: headers)
    }
}
