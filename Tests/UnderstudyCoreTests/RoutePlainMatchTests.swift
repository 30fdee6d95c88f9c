import Foundation
import Testing
@testable import UnderstudyCore
@testable import UnderstudyContracts
@testable import UnderstudyFixtures
import UnderstudyJSON
import UnderstudySupport
import UnderstudyTestSupport

/// Routing compares plain paths byte by byte (`ContractPath.matchPlain`) and picks among an
/// operation table sorted once; both must decide as the segment-by-segment match over every
/// operation did.
@Suite struct RoutePlainMatchTests {
    static let templates = [
        "/", "/a", "/a/", "/a/b", "/{id}", "/a/{id}", "/a/{id}/b", "/bphoto/{photo_id}/{size}.jpg", "/x/pre{v}suf", "/x/{v}.json",
        "/me/permissions", "/{id}/permissions",
    ]
    static let paths = [
        "", "/", "//", "a", "a/b", "/a", "/a/", "/a//", "/a/b", "/a/b/", "/a/1/b", "/a//b", "/1", "/1/", "/bphoto/p1/o.jpg", "/bphoto/p1/.jpg",
        "/bphoto//o.jpg", "/bphoto/p1/o.jpgx", "/x/presuf", "/x/preXsuf", "/x/pre/suf", "/x/.json", "/x/a.json", "/x/a.json.json",
        "/me/permissions", "/me2/permissions", "/A", "/a/é", "/a/e\u{301}", "/\u{212A}", "/a/\r\n", "/a\r\n/b", "/a/1/b/c",
    ]

    @Test func plainMatchingAgreesWithSegmentMatching() throws {
        var compared = 0
        for text in Self.templates {
            guard case .success(let template) = ContractPath.parse(text) else { throw ContractPathParseFailure(text: text) }
            #expect(template.isPlain)
            for path in Self.paths where ContractPath.isPlain(path) {
                #expect(template.matchPlain(path) == template.match(path), "\(text) against \(path.debugDescription)")
                compared += 1
            }
        }
        #expect(compared > 300)
    }

    /// Every method and path of the bundled contracts' operations, filled in, plus near
    /// misses: the prepared tables pick the operation the full scan picked, with the same values.
    @Test func operationTablesPickWhatTheScanPicked() throws {
        let contracts = try Contracts.load(from: bundledContractsPath)
        var found = 0
        for pack in contracts.packs {
            var paths: [String] = ["/", "", "/me/permissions", "/x/permissions"]
            for operation in pack.operations {
                let filled = operation.path.segments.map { segment -> String in
                    switch segment {
                    case .literal(let literal): literal
                    case .parameter(_, let prefix, let suffix): prefix + "v1" + suffix
                    }
                }
                paths += ["/" + filled.joined(separator: "/"), "/" + filled.joined(separator: "/") + "/", "/" + filled.dropLast().joined(separator: "/")]
                paths += ["/" + filled.joined(separator: "/") + "/é", "/" + filled.joined(separator: "/").uppercased()]
            }
            for method in ["GET", "POST", "HEAD", "DELETE"] {
                for path in paths {
                    let picked = pack.operation(method: method, path: path)
                    let scanned = Self.scan(pack, method: method, path: path)
                    #expect(picked?.0 === scanned?.0 && picked?.1 == scanned?.1, "\(pack.provider) \(method) \(path)")
                    if picked != nil { found += 1 }
                }
            }
        }
        #expect(found > 30, "only \(found) paths found an operation")
    }

    /// The remembered last version answer is the regex's own, whatever order paths come in.
    @Test func versionedPathsAnswerAsTheRegexDoes() throws {
        let graph = try #require(try Contracts.load(from: bundledContractsPath).pack(named: "facebook"))
        let pattern = try #require(graph.pathVersion)
        let paths = ["/v19.0/me", "/v19.0/me", "/v2.8/me", "/v19.0/me/permissions", "/vX/me", "/v19.0", "/v19.0/", "/v19.0/me", "/v\u{301}19.0/me", "/me"]
        for path in paths + paths.reversed() {
            var expected: (String, String)?
            if path.hasPrefix("/v"), let range = pattern.firstMatch(in: path), range.lowerBound == path.startIndex {
                expected = (String(path[path.index(after: path.startIndex)..<range.upperBound]), String(path[range.upperBound...]))
            }
            let answer = graph.versioned(path)
            #expect(answer?.version == expected?.0 && answer?.rest == expected?.1, "\(path)")
        }
        #expect(graph.versioned("/v19.0/me")?.version == "v19.0")
    }

    /// Whole routes, over paths of every pack and none: the provider, contract path, operation
    /// and values the per-pack scan with copied paths found.
    @Test func routesAreTheOnesTheScanFound() throws {
        let contracts = try Contracts.load(from: bundledContractsPath)
        var paths = ["", "/", "//", "/v3", "/v3/", "/v19.0", "/v19.0/", "/v19.0/me", "/v2.8/me/permissions", "/me", "/me/", "/mex", "/x/me", "/vX/me",
            "/v19.0/debug_token", "/v1.0/oauth/access_token", "/maps/api", "/maps/api/", "/br-codingexams", "/é/me", "/v19.0/é", "me"]
        for pack in contracts.packs {
            for route in pack.routes { paths += [route, route + "x", route + "/x", "/v1.0" + route, String(route.dropLast())] }
            for operation in pack.operations { paths += [operation.path.text, "/v19.0" + operation.path.text] }
        }
        var found = 0
        for path in paths {
            for method in ["GET", "get", "POST"] {
                let routed = contracts.route(method: method, path: path)
                let scanned = Self.scanRoute(contracts, method: method, path: path)
                #expect(routed?.pack === scanned?.pack && routed?.contractPath == scanned?.contractPath, "\(method) \(path)")
                #expect(routed?.operation === scanned?.operation && routed?.pathParameters == scanned?.pathParameters, "\(method) \(path)")
                if routed?.operation != nil { found += 1 }
            }
        }
        #expect(found > 50)
    }

    /// `Contracts.route(method:path:)` as it was: each pack's routes over copied paths.
    private static func scanRoute(_ contracts: Contracts, method: String, path: String) -> ContractRoute? {
        func routeLength(_ pack: ProviderPack, _ path: String) -> Int? {
            pack.routes.filter { ProviderPack.route($0, holds: path) }.map(\.count).max()
        }
        var best: (pack: ProviderPack, path: String, length: Int)?
        for pack in contracts.packs {
            if pack.pathVersion != nil, routeLength(pack, path) == nil {
                let rest = path.utf8.dropFirst().firstIndex(of: UInt8(ascii: "/")).map { String(path[$0...]) } ?? ""
                if routeLength(pack, rest) == nil { continue }
            }
            let stripped = pack.versioned(path)?.rest ?? path
            guard let length = routeLength(pack, stripped) else { continue }
            if best == nil || length > best!.length { best = (pack, stripped, length) }
        }
        guard let best else { return nil }
        let found = scan(best.pack, method: method.uppercased(), path: best.path)
        return ContractRoute(pack: best.pack, contractPath: best.path, operation: found?.0, pathParameters: found?.1 ?? [:])
    }

    /// Routing as it was: every operation of the method, segment by segment, the most literal kept.
    private static func scan(_ pack: ProviderPack, method: String, path: String) -> (ContractOperation, [String: String])? {
        var best: (ContractOperation, [String: String])?
        let segments = RequestPath.segments(of: path)
        for operation in pack.operations where operation.method == method {
            guard let values = operation.path.match(segments: segments) else { continue }
            if best == nil || operation.path.literalCount > best!.0.path.literalCount { best = (operation, values) }
        }
        return best
    }

    struct ContractPathParseFailure: Error {
        let text: String
    }
}
