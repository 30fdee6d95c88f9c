import Foundation
import Testing
@testable import UnderstudyCore

/// A request's route, form in the contract's terms and parameter verdict are kept by its
/// method and target (`ContractPlacements`); what is kept must be what placing it anew gives,
/// for every target, after any other targets have taken or shared its slot.
@Suite struct ContractPlacementsTests {
    static let values = [
        "", "0", "-5", "20", "100", "1e2", "abc", "None", "true", "a,b", "bars,french", "é", "e%CC%81", "%E2%80%A8", "%00", "a%0D%0Ab",
        "37.7749,-122.4194", "ChIJvIOIRITlUBdN6OH1pSlAZxS", "99999999999999999999999", "%2F..%2F", "+", "%",
    ]

    /// Targets of every bundled operation: paths filled in with values, queries of its own
    /// parameter names (and unknown ones) with ordinary and hostile values; versioned,
    /// absolute-form, mis-cased and unrouted targets too.
    static func targets(_ contracts: Contracts) -> [String] {
        var targets = ["/", "/nowhere", "/__understudy/journal", "http://example.com/v3/businesses/search?term=a", "/v19.0/me?fields=id", "/v2.8/me", "/V3/businesses/x"]
        for pack in contracts.packs {
            for operation in pack.operations {
                let names = operation.parameters.filter { $0.location == .query }.map(\.name) + ["unknown"]
                for (index, value) in values.enumerated() {
                    let path = operation.path.segments.map { segment -> String in
                        switch segment {
                        case .literal(let literal): literal
                        case .parameter(_, let prefix, let suffix): prefix + (value.isEmpty ? "v1" : value) + suffix
                        }
                    }.joined(separator: "/")
                    let query = names.enumerated().map { offset, name in name + "=" + values[(index + offset) % values.count] }.joined(separator: "&")
                    let versioned = pack.pathVersion != nil ? "/v19.0" : ""
                    targets += [versioned + "/" + path + "?" + query, "/" + path, "/" + path + "?" + names[index % names.count] + "=" + value]
                }
            }
        }
        return targets
    }

    @Test func keptPlacementsAreWhatPlacingAnewGives() throws {
        let contracts = try Contracts.load(from: bundledContractsPath)
        let targets = Self.targets(contracts)
        var routed = 0, rewritten = 0, passing = 0, failing = 0
        // Twice over, so the second round reads slots the first filled (or others replaced).
        for round in 0..<2 {
            for (index, target) in targets.enumerated() {
                let method = ["GET", "POST", "get", "HEAD"][index % 4]
                let request = Request(method: method, target: target, headers: [HeaderField(name: "Authorization", value: "Bearer x")])
                let kept = contracts.placement(of: request)
                #expect(kept.placed(request))
                let general = contracts.route(request)
                #expect(Self.describe(kept.route) == Self.describe(general), "\(method) \(target)")
                let keptForm = kept.form(of: request)
                let generalForm = general.map { ContractMatching.form(of: request, route: $0) } ?? (request, nil)
                #expect(Self.describe(keptForm) == Self.describe(generalForm), "\(method) \(target)")
                let generalPass = general.map { route in
                    guard let operation = route.operation, !operation.readsHeaderParameters else { return false }
                    return RequestChecker(route: route, request: request).parameterFinding() == nil
                } ?? false
                #expect(kept.parametersPass == generalPass, "\(method) \(target)")
                if round == 0 {
                    if general != nil { routed += 1 }
                    if kept.rewrite != nil { rewritten += 1 }
                    if generalPass { passing += 1 } else if general?.operation != nil { failing += 1 }
                }
            }
        }
        #expect(targets.count > ContractPlacements.slotCount * 2)
        #expect(routed > 100 && rewritten > 10 && passing > 10 && failing > 10, "\(routed) \(rewritten) \(passing) \(failing)")
    }

    /// A target's slot holds another method's or target's placement: it is not taken for this one.
    @Test func aSlotServesOnlyItsOwnMethodAndTarget() throws {
        let contracts = try Contracts.load(from: bundledContractsPath)
        let get = Request(method: "GET", target: "/v3/businesses/search?location=x")
        let post = Request(method: "POST", target: "/v3/businesses/search?location=x")
        #expect(contracts.placement(of: get).route?.operation?.id == "searchBusinesses")
        #expect(contracts.placement(of: post).route?.operation == nil)
        #expect(contracts.placement(of: get).route?.operation?.id == "searchBusinesses")
        // Composed and decomposed é are equal strings but not equal targets.
        let composed = Request(method: "GET", target: "/v3/businesses/caf\u{E9}")
        let decomposed = Request(method: "GET", target: "/v3/businesses/cafe\u{301}")
        #expect(contracts.placement(of: composed).route?.pathParameters["id"] == "caf\u{E9}")
        let other = contracts.placement(of: decomposed)
        #expect(other.placed(decomposed) && !other.placed(composed))
        #expect(other.route?.pathParameters["id"].map { Array($0.utf8) } == Array("cafe\u{301}".utf8))
    }

    /// A target longer than the slots keep is placed every time, the same way.
    @Test func longTargetsArePlacedAnew() throws {
        let contracts = try Contracts.load(from: bundledContractsPath)
        let request = Request(method: "GET", target: "/v3/businesses/search?term=" + String(repeating: "a", count: ContractPlacements.maximumTargetBytes))
        let first = contracts.placement(of: request), second = contracts.placement(of: request)
        #expect(first !== second)
        #expect(Self.describe(first.route) == Self.describe(contracts.route(request)))
    }

    private static func describe(_ route: ContractRoute?) -> String {
        guard let route else { return "none" }
        let values = route.pathParameters.sorted { $0.key < $1.key }.map { "\($0.key)=\(Array($0.value.utf8))" }
        return "\(route.pack.provider) \(Array(route.contractPath.utf8)) \(route.operation?.id ?? "-") \(values)"
    }

    private static func describe(_ form: (request: Request, version: String?)) -> String {
        let pairs = form.request.query.pairs.map { "\(Array($0.name.utf8))=\(Array($0.value.utf8))" }
        return "\(Array(form.request.path.utf8)) \(pairs) \(form.version ?? "-") \(Array(form.request.target.utf8))"
    }
}

/// The per-request shortcuts of the credential check, against the general way they skip.
@Suite struct CredentialShortcutTests {
    @Test func bearerValuesReadOnBytesAreTheCharacterOnes() {
        let rests = [
            "", " ", "  ", "a", " a", "a ", "  a b  ", "FAKE-understudy-yelp-api-key", "x\t", "\ta", "a\nb", " \n ", "a\r\nb", "é", " é ", "e\u{301}",
            " \u{301}", "a \u{301}", "\u{0}", "a\u{7F}", String(repeating: " ", count: 40) + "z",
        ]
        for scheme in ["Bearer ", "bearer ", "BEARER "] {
            for rest in rests {
                let header = scheme + rest
                let general = CredentialPlacement.value(of: header, after: scheme.count)
                switch CredentialPlacement.plainValue(of: header, after: scheme.utf8.count) {
                case .none:
                    #expect(!header.utf8.allSatisfy { $0 < 0x80 && $0 != 0x0D }, "\(header.debugDescription) is plain")
                case .some(let plain):
                    #expect(plain.map { Array($0.utf8) } == general.map { Array($0.utf8) }, "\(header.debugDescription)")
                }
                // And the whole placement, which takes either way.
                let found = CredentialPlacement.bearer.find(in: Request(method: "GET", target: "/", headers: [HeaderField(name: "Authorization", value: header)]))
                #expect(found == (general.map(CredentialPlacement.Found.value) ?? .malformed), "\(header.debugDescription)")
            }
        }
    }

    /// The last valid credential is judged valid again without the rejected list, which it passed.
    @Test func rejectedCredentialsStayRejectedAroundTheLastValidOne() throws {
        let rule = CredentialRule(pattern: try RegexPattern("^k[0-9]+$"), rejected: ["k13"], missing: "m", invalid: "i")
        for value in ["k1", "k13", "k1", "k13", "x", "k1", "k2", "k13", "k2"] {
            #expect(rule.isValid(value) == (value != "k13" && value.hasPrefix("k")), "\(value)")
        }
    }
}
