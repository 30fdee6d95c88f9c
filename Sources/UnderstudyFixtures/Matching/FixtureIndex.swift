import Foundation
import UnderstudySupport

/// Finds the fixture for a request without looking at every fixture.
///
/// Fixtures are bucketed by method and exact path; templates by method and segment count.
/// Inside a bucket, fixtures are grouped by the set of query parameters they pin to one
/// exact value, and each group is a hash table from those values to fixtures. A request
/// therefore costs one lookup per group (usually one or two), whatever the number of
/// fixtures. Only the candidates found are checked condition by condition.
package struct FixtureIndex: Sendable {
    /// The fixtures, in file order; indices below refer to this array.
    public let fixtures: [Fixture]
    /// The request side each fixture is matched by: its own, or its form in the contract's
    /// terms (see `ContractMatching`), parallel to `fixtures`.
    private let patterns: [RequestPattern]
    /// The API version each fixture was written at, when its provider's paths carry one;
    /// empty when no fixture's does. A fixture at the requested version is preferred.
    private let versions: [String?]
    private let exact: [BucketKey: Bucket]
    private let templates: [TemplateKey: Bucket]

    private struct BucketKey: Hashable {
        package let method: String
        package let path: String
    }

    private struct TemplateKey: Hashable {
        package let method: String
        package let segmentCount: Int
    }

    /// Fixtures sharing a bucket, grouped by which query parameters they pin exactly.
    private struct Bucket: Sendable {
        package var groups: [Group] = []
        package var members: [Int] = []

        /// Readies each group for lookups once every fixture is inserted.
        package mutating func finish(_ patterns: [RequestPattern]) {
            for position in groups.indices { groups[position].finish(patterns) }
        }

        /// Files fixture `index`, whose request side is `pattern`, with those pinning the same names.
        package mutating func insert(_ index: Int, _ pattern: RequestPattern) {
            members.append(index)
            // Names compared in place, without building an array of them per fixture.
            if let position = groups.firstIndex(where: { $0.pins(pattern) }) {
                groups[position].insert(index)
            } else {
                var group = Group(names: Pinned(pattern).map(\.name))
                group.insert(index)
                groups.append(group)
            }
        }
    }

    /// The query parameters a pattern pins to one exact value, sorted by name, read off its
    /// checks in place (exact conditions come first, by name): an index build reads them for
    /// every fixture, and an array of them per fixture was 20,000 allocations at 10,000.
    private struct Pinned: Sequence, IteratorProtocol {
        private let checks: [ConditionCheck]
        private var position = 0

        package init(_ pattern: RequestPattern) {
            checks = pattern.queryChecks
        }

        package mutating func next() -> (name: String, value: String)? {
            while position < checks.count {
                let check = checks[position]
                position += 1
                guard check.condition.specificity == ValueCondition.exactSpecificity else {
                    position = checks.count
                    return nil
                }
                if case .equals(let value) = check.condition { return (check.name, value) }
            }
            return nil
        }

        /// The value of the `offset`th parameter pinned.
        package static func value(at offset: Int, of pattern: RequestPattern) -> String {
            var pinned = Pinned(pattern)
            for _ in 0..<offset { _ = pinned.next() }
            return pinned.next()!.value
        }
    }

    private struct Group: Sendable {
        /// Sorted names of the parameters pinned to one exact value.
        package let names: [String]
        /// The fixtures inserted, in file order, until `finish`.
        private var inserted: [Int] = []
        /// The fixtures by the value of one pinned name, `names[keyName]` (see `finish`), in file order.
        package var byValue: [String: [Int]] = [:]
        /// Which name `byValue` files by: the one with the most distinct values.
        package var keyName = 0
        /// Every fixture of the group, when no name is pinned.
        package var unpinned: [Int]?

        /// `NameBits` of `names`: a request lacking one of them is passed by without a look.
        package let requiredNames: UInt64

        package init(names: [String]) {
            self.names = names
            requiredNames = names.reduce(0) { $0 | NameBits.of($1) }
        }

        /// Whether `pattern` pins exactly this group's names.
        package func pins(_ pattern: RequestPattern) -> Bool {
            var count = 0
            for (name, _) in Pinned(pattern) {
                guard count < names.count, names[count] == name else { return false }
                count += 1
            }
            return count == names.count
        }

        package mutating func insert(_ index: Int) {
            inserted.append(index)
        }

        /// Files the fixtures by the value of the pinned name that tells most of them apart,
        /// once all are inserted. With several names pinned, a request is then looked up by
        /// that one value, without building and hashing a key of all of them: the few fixtures
        /// found share it, and their own conditions check the other values.
        package mutating func finish(_ patterns: [RequestPattern]) {
            defer { inserted = [] }
            guard !names.isEmpty else { return unpinned = inserted }
            // Which name tells most apart, judged on the first fixtures: the choice only decides
            // how many candidates a lookup finds (their conditions decide the match), and
            // counting every fixture's values cost a 10,000-fixture start several milliseconds.
            let sample = inserted.prefix(64)
            let distinct = names.indices.map { offset in Set(sample.map { Pinned.value(at: offset, of: patterns[$0]) }).count }
            keyName = distinct.indices.reduce(0) { distinct[$1] > distinct[$0] ? $1 : $0 }
            byValue.reserveCapacity(inserted.count)
            // Inserted in file order, so every list is in file order too.
            for member in inserted { byValue[Pinned.value(at: keyName, of: patterns[member]), default: []].append(member) }
        }

        /// The fixtures that may match `query`: a superset of those whose pinned values it
        /// carries (each once), which matching narrows with their conditions.
        package func candidates(for query: QueryParameters) -> [Int]? {
            if names.isEmpty { return unpinned }
            guard let value = query.singleValue(names[keyName]) else { return nil }
            return byValue[value]
        }

        /// Lists of fixtures that share every pinned value, and more: fixtures with identical
        /// conditions are always in the same list.
        package var sharedSlots: [[Int]] {
            if let unpinned { return unpinned.count > 1 ? [unpinned] : [] }
            return byValue.values.filter { $0.count > 1 }
        }
    }

    /// Whether any fixture takes part in a scenario (if none does, matching needs no state).
    public let usesScenarios: Bool
    /// Whether every fixture is matched as written, in no other form.
    private let isAsWritten: Bool
    /// The paths (in matching form) of fixtures with a first answer for requests made too
    /// early, with their methods: the answers on them are timed. `nil` when a template has
    /// one (every answer is timed then).
    private let earlyPaths: [String: Set<String>]?

    /// Whether answers to `method` on `path` are timed, for fixtures answering requests made
    /// too early (looked up by path, without building a key per request).
    package func timesAnswers(method: String, path: String) -> Bool {
        guard let earlyPaths else { return true }
        return earlyPaths[path]?.contains(method) ?? false
    }

    /// Builds the index of `fixtures`, matched as written; they keep their order.
    public init(_ fixtures: [Fixture]) {
        self.init(fixtures, forms: [Form?](repeating: nil, count: fixtures.count))
    }

    /// A fixture's request side in the form requests are matched in, and the API version it
    /// was written at.
    public typealias Form = (pattern: RequestPattern, version: String?)

    /// This index's fixtures matched in `forms` (parallel to `fixtures`; `nil` for a fixture
    /// matched as written): this index itself when it matches them as written and `forms`
    /// changes none (most trees under their contracts), so a second index of the same
    /// fixtures is not built.
    package func inForm(_ forms: [Form?]) -> FixtureIndex {
        guard isAsWritten else { return FixtureIndex(fixtures, forms: forms) }
        return forms.allSatisfy({ $0 == nil }) ? self : FixtureIndex(refiling: self, forms: forms)
    }

    /// Builds the index of `fixtures` matched in `forms` (parallel to them; `nil` for a
    /// fixture matched as written); the fixtures keep their order.
    package init(_ fixtures: [Fixture], forms: [Form?]) {
        precondition(forms.count == fixtures.count, "one form, or nil, per fixture")
        self.init(fixtures, forms: forms) { patterns in
            // Buckets are independent: with many fixtures, each core builds the buckets of its
            // share of the paths (on one core this loop was a fifth of a 10,000-fixture start).
            let shardCount = patterns.count >= Self.fixturesPerShard ? min(4, ProcessInfo.processInfo.activeProcessorCount) : 1
            let patternsToFile = patterns
            var shards = shardCount == 1 ? [Shard(patterns, shard: 0, of: 1)] : Parallel.map(shardCount) { Shard(patternsToFile, shard: $0, of: shardCount) }
            // Moved out, not copied: the array still holding them would make the merge copy each table.
            var exact: [BucketKey: Bucket] = [:], templates: [TemplateKey: Bucket] = [:]
            swap(&exact, &shards[0].exact)
            swap(&templates, &shards[0].templates)
            for other in shards.dropFirst() {
                exact.merge(other.exact) { mine, _ in mine }
                templates.merge(other.templates) { mine, _ in mine }
            }
            return (exact, templates)
        }
    }

    /// `index`, which matches its fixtures as written, with the fixtures `forms` changes filed
    /// anew: only the buckets they leave or join are built again, in file order as a whole
    /// build would. A tree under its contracts usually changes some of its fixtures (the kit's
    /// 10,000 hold 1,139 searches whose coordinates end in a zero the contract's reading drops),
    /// and building every bucket again was 13 ms of a 10,000-fixture start.
    private init(refiling index: FixtureIndex, forms: [Form?]) {
        self.init(index.fixtures, forms: forms) { patterns in
            var exact = index.exact, templates = index.templates
            var exactMembers: [BucketKey: [Int]] = [:], templateMembers: [TemplateKey: [Int]] = [:]
            // The fixtures in each bucket a changed fixture leaves or joins, as `patterns` file them.
            func gather(_ pattern: RequestPattern) {
                switch Self.bucketKey(of: pattern) {
                case .exact(let key) where exactMembers[key] == nil: exactMembers[key] = []
                case .template(let key) where templateMembers[key] == nil: templateMembers[key] = []
                default: break
                }
            }
            for position in forms.indices {
                guard let form = forms[position] else { continue }
                gather(index.patterns[position])
                gather(form.pattern)
            }
            for key in exactMembers.keys { for member in index.exact[key]?.members ?? [] where forms[member] == nil { exactMembers[key]!.append(member) } }
            for key in templateMembers.keys { for member in index.templates[key]?.members ?? [] where forms[member] == nil { templateMembers[key]!.append(member) } }
            for position in forms.indices where forms[position] != nil {
                switch Self.bucketKey(of: patterns[position]) {
                case .exact(let key): exactMembers[key]?.append(position)
                case .template(let key): templateMembers[key]?.append(position)
                }
            }
            for (key, members) in exactMembers { exact[key] = Self.bucket(of: members.sorted(), in: patterns) }
            for (key, members) in templateMembers { templates[key] = Self.bucket(of: members.sorted(), in: patterns) }
            return (exact, templates)
        }
    }

    /// What both builds share: the patterns and versions `forms` gives, the timed paths, and
    /// the buckets `fileBuckets` makes of the patterns.
    private init(
        _ fixtures: [Fixture], forms: [Form?],
        fileBuckets: ([RequestPattern]) -> (exact: [BucketKey: Bucket], templates: [TemplateKey: Bucket])
    ) {
        self.fixtures = fixtures
        usesScenarios = fixtures.contains { $0.scenario != nil }
        isAsWritten = forms.allSatisfy { $0 == nil }
        var patterns: [RequestPattern] = []
        var versions: [String?] = []
        patterns.reserveCapacity(fixtures.count)
        versions.reserveCapacity(fixtures.count)
        for (fixture, form) in zip(fixtures, forms) {
            patterns.append(form?.pattern ?? fixture.request)
            versions.append(form?.version)
        }
        self.patterns = patterns
        let early = patterns.indices.filter { fixtures[$0].tooEarlyWithin != nil }.map { patterns[$0] }
        earlyPaths = early.contains { !$0.path.isExact } ? nil : Dictionary(early.map { ($0.path.text, [$0.method]) }, uniquingKeysWith: { $0.union($1) })
        self.versions = versions.contains { $0 != nil } ? versions : []
        (exact, templates) = fileBuckets(patterns)
    }

    /// Where a pattern is filed: by its exact path, or as a template by its segment count.
    private enum FiledKey {
        case exact(BucketKey)
        case template(TemplateKey)
    }

    private static func bucketKey(of pattern: RequestPattern) -> FiledKey {
        pattern.path.isExact
            ? .exact(BucketKey(method: pattern.method, path: pattern.path.text))
            : .template(TemplateKey(method: pattern.method, segmentCount: pattern.path.segments.count))
    }

    /// The bucket of `members` (in file order), ready for lookups; `nil` when there are none.
    private static func bucket(of members: [Int], in patterns: [RequestPattern]) -> Bucket? {
        guard !members.isEmpty else { return nil }
        var bucket = Bucket()
        for member in members { bucket.insert(member, patterns[member]) }
        bucket.finish(patterns)
        return bucket
    }

    /// How many fixtures make sharding the build (and computing their forms) worth the threads it starts.
    package static let fixturesPerShard = 2048

    /// The buckets of the paths whose hash falls in one shard, each bucket with all of its
    /// fixtures in file order (a path's fixtures are all in the same shard).
    private struct Shard: Sendable {
        package var exact: [BucketKey: Bucket] = [:]
        package var templates: [TemplateKey: Bucket] = [:]

        package init(_ patterns: [RequestPattern], shard: Int, of shardCount: Int) {
            exact.reserveCapacity(patterns.count / shardCount)
            for (index, request) in patterns.enumerated() {
                if shardCount > 1 {
                    let key = request.path.isExact ? StableHash.fnv1a64(request.path.text.utf8) : UInt64(request.path.segments.count)
                    guard key % UInt64(shardCount) == shard else { continue }
                }
                switch FixtureIndex.bucketKey(of: request) {
                case .exact(let key): exact[key, default: Bucket()].insert(index, request)
                case .template(let key): templates[key, default: Bucket()].insert(index, request)
                }
            }
            for key in Array(exact.keys) { exact[key]!.finish(patterns) }
            for key in Array(templates.keys) { templates[key]!.finish(patterns) }
        }
    }

    /// The best fixture for `request`: one written at the requested API version before one
    /// written at another, then the most specific match, then the highest priority, then the
    /// first by file name. `nil` when nothing matches.
    /// - Parameters:
    ///   - version: the API version the request named (`v2.8`), `nil` for none.
    ///   - scenarioState: the current state of a scenario, by name; only asked for
    ///   fixtures that require a state.
    public func bestMatch(
        for request: Request, version: String? = nil, scenarioState: (String) -> String = { _ in ScenarioStep.initialState }
    ) -> Fixture? {
        var reads: MatchReads?
        return bestMatch(for: request, version: version, scenarioState: scenarioState, reads: &reads)
    }

    /// What a lookup read of a request besides its method and target (and the version its
    /// target gives): every request that agrees on those and on the values of `headerNames`
    /// gets the same fixture, unless `beyondHeaders`.
    package struct MatchReads {
        /// The header names some candidate's conditions read, lower-cased, each once.
        package var headerNames: [String] = []
        /// Whether a candidate read the body, or a match required a scenario state.
        package var beyondHeaders = false

        package init() {}
    }

    /// `bestMatch(for:version:scenarioState:)`, noting in `reads` (when given) what the choice
    /// read of `request` besides its method and target.
    package func bestMatch(
        for request: Request, version: String?, scenarioState: (String) -> String, reads: inout MatchReads?
    ) -> Fixture? {
        var best: (index: Int, specificity: Int)?
        for index in candidates(for: request) {
            let pattern = patterns[index]
            if reads != nil {
                if pattern.body != nil { reads!.beyondHeaders = true }
                for check in pattern.headerChecks where !reads!.headerNames.contains(check.name) { reads!.headerNames.append(check.name) }
            }
            guard pattern.matches(request) else { continue }
            if let step = fixtures[index].scenario, let required = step.requires {
                reads?.beyondHeaders = true
                if scenarioState(step.name) != required { continue }
            }
            // Agreeing on the version counts above every condition: as if the path said it.
            let agrees = versions.isEmpty || versions[index] == version
            let specificity = fixtures[index].specificity + (agrees ? 1 << 20 : 0)
            if let current = best, !isBetter(index, specificity, than: current) { continue }
            best = (index, specificity)
        }
        return best.map { fixtures[$0.index] }
    }

    /// The fixtures worth checking for `request`, narrowed by the exactly pinned query
    /// parameters: those of its exact path if any fixture names that path, otherwise those of
    /// templates with as many segments. As in web routers, a path named exactly is its own
    /// endpoint: `/v3/businesses/{id}` never answers `/v3/businesses/search` when fixtures
    /// for the search exist, so a search that misses gets a miss report, not a wrong 404.
    package func candidates(for request: Request) -> [Int] {
        guard let bucket = bucket(for: request) else { return [] }
        var found: [Int] = []
        // Groups pinning a parameter the request does not name are skipped by a mask test:
        // a path with many fixtures has several groups, and most lack one name or another.
        let present = bucket.groups.count > 1 ? request.query.pairs.reduce(0) { $0 | NameBits.of($1.name) } : ~0
        // By index, each group used in place: iterating copied every group (its names and
        // both tables) for every request.
        let groups = bucket.groups
        for index in groups.indices where groups[index].requiredNames & ~present == 0 {
            // The first group's list is shared, not copied: usually it is the only one.
            if let indices = groups[index].candidates(for: request.query) { found = found.isEmpty ? indices : found + indices }
        }
        return found
    }

    /// The bucket a request is matched in: its exact path's, if any fixture names that path,
    /// otherwise that of the templates with as many segments.
    private func bucket(for request: Request) -> Bucket? {
        exact[BucketKey(method: request.method, path: request.path)]
            ?? templates[TemplateKey(method: request.method, segmentCount: request.pathSegmentCount)]
    }

    /// Pairs of fixtures with identical request conditions and priority, as (the one that
    /// wins by file name, the one that can never match).
    package func indistinguishablePairs() -> [(Fixture, Fixture)] {
        var pairs: [(Fixture, Fixture)] = []
        for bucket in Array(exact.values) + Array(templates.values) {
            for group in bucket.groups {
                for slot in group.sharedSlots {
                    // Identical conditions first: a slot holds every fixture sharing one value,
                    // which may be many, so comparing each with each could take quadratic time.
                    for same in Dictionary(grouping: slot, by: { fixtures[$0].request }).values where same.count > 1 {
                        var winners: [Fixture] = []
                        for fixture in same.map({ fixtures[$0] }).sorted(by: { $0.file < $1.file }) {
                            if let winner = winners.first(where: {
                                $0.priority == fixture.priority && $0.scenario?.name == fixture.scenario?.name
                                    && $0.scenario?.requires == fixture.scenario?.requires
                            }) {
                                pairs.append((winner, fixture))
                            } else {
                                winners.append(fixture)
                            }
                        }
                    }
                }
            }
        }
        return pairs.sorted { $0.1.file < $1.1.file }
    }

    private func isBetter(_ index: Int, _ specificity: Int, than current: (index: Int, specificity: Int)) -> Bool {
        if specificity != current.specificity { return specificity > current.specificity }
        let priority = fixtures[index].priority, currentPriority = fixtures[current.index].priority
        if priority != currentPriority { return priority > currentPriority }
        return fixtures[index].file < fixtures[current.index].file
    }

    /// The fixtures closest to matching `request`, closest first, each with the conditions it
    /// failed. Only called on a miss, so it may look at every fixture of the request's path,
    /// or at every fixture when none shares the method and path. `showingBody` writes a body a
    /// body condition did not match as the report shows it (UnderstudyCore's `nearMisses(for:)`
    /// passes the redaction every report uses).
    public func nearMisses(
        for request: Request, limit: Int = 3, scenarioState: (String) -> String = { _ in ScenarioStep.initialState },
        showingBody: (Request) -> String
    ) -> [NearMiss] {
        // The same pool matching used, so the report explains the decision actually made.
        var pool = bucket(for: request)?.members ?? []
        if pool.isEmpty { pool = Array(fixtures.indices) }
        let scored = pool.map { index -> NearMiss in
            let fixture = fixtures[index]
            var mismatches = patterns[index].mismatches(for: request, showingBody: showingBody)
            if let step = fixture.scenario, let required = step.requires, scenarioState(step.name) != required {
                mismatches.append(Mismatch(
                    condition: "scenario.\(step.name)", expected: "state \"\(required)\"", actual: "state \"\(scenarioState(step.name))\""))
            }
            return NearMiss(file: fixture.file, mismatches: mismatches, sharedPathPrefix: patterns[index].path.sharedPrefixLength(with: request.pathSegments))
        }
        return Array(scored.sorted(by: NearMiss.isCloser).prefix(limit))
    }
}

/// A fixture that did not match a request, and why.
public struct NearMiss: Sendable, Hashable {
    /// The fixture file, relative to the fixtures root.
    public let file: String
    /// The conditions it failed.
    public let mismatches: [Mismatch]
    /// How many leading path segments agree, to rank fixtures of other paths.
    package let sharedPathPrefix: Int

    /// Fewer failed conditions first; a failed method or path weighs more than a parameter.
    package static func isCloser(_ lhs: NearMiss, _ rhs: NearMiss) -> Bool {
        if lhs.weight != rhs.weight { return lhs.weight < rhs.weight }
        if lhs.sharedPathPrefix != rhs.sharedPathPrefix { return lhs.sharedPathPrefix > rhs.sharedPathPrefix }
        return lhs.file < rhs.file
    }

    private var weight: Int {
        mismatches.reduce(0) { total, mismatch in
            total + (mismatch.condition == "path" ? 10 : mismatch.condition == "method" ? 5 : 1)
        }
    }
}

extension PathPattern {
    package func sharedPrefixLength(with requestSegments: [Substring]) -> Int {
        var count = 0
        for (expected, actual) in zip(segments, requestSegments) {
            guard expected == nil || expected.map({ $0 == actual }) == true else { break }
            count += 1
        }
        return count
    }
}
