import Foundation
import Testing
@testable import UnderstudyCore
@testable import UnderstudyContracts
import UnderstudyJSON
@testable import UnderstudyFixtures
import UnderstudySupport
import UnderstudyTestSupport

/// The shortcuts taken per request when a request is already in the contract's terms, and the
/// templates split once, against the general code they skip: the same bytes every time.
@Suite struct PreparedFormsTests {
    static let values = [
        "", "0", "-0", "+0", "00", "07", "20", "-5", "-50", "100", "1" + String(repeating: "0", count: 39), "1" + String(repeating: "0", count: 40),
        "1.50", "1e2", "abc", "None", "True", "true", "1", "a,b", "a,,b", ",", "bars,french", "a|b", "é,b", "e\u{301},b", ",\u{301}", "a;b",
        "\u{37E}", "a\r\nb", "37.7749,-122.4194", "١٢", String(repeating: "9", count: 41),
        "41.870941", "-87.585866", "-122.459110", "0.5", "-0.5", "-0.0", "0.05", "00.5", "01.5", "0.", ".5", "1.", "5.50", "+1.5", "1.5e2",
        "10.25", "1..5", "-", "-.5", "1.5.", "0." + String(repeating: "0", count: 38) + "1", "0." + String(repeating: "0", count: 39) + "1",
        "0." + String(repeating: "0", count: 40) + "1", "1" + String(repeating: "0", count: 45) + ".5",
    ]

    /// Number and list writings: the integer and plain-text shortcuts give what the general
    /// writing (`ExactDecimal`, split and join) gives.
    @Test func shortcutWritingsAreTheGeneralOnes() {
        for value in Self.values {
            #expect(ParameterMeaning.Kind.number.normalised(value) == (ExactDecimal(value)?.canonicalText ?? value), "\(value.debugDescription)")
            for separator in [",", "|", ";", "\u{37E}", "ab"] {
                let general = value.isEmpty ? value : value.components(separatedBy: separator).joined(separator: separator)
                #expect(ParameterMeaning.Kind.list(separator: separator, items: .text).normalised(value).utf8.elementsEqual(general.utf8))
            }
        }
    }

    /// Numbers with a fraction, generated (zeros and signs where they change the writing): the
    /// shortcut for those already written the one way gives what `ExactDecimal` gives.
    @Test func generatedDecimalsAreWrittenAsDecimalTextWritesThem() {
        var random = SeededGenerator(seed: 41_870_941)
        let pieces = ["", "0", "00", "1", "7", "10", "05", "123", "000", "9"]
        for _ in 0..<5000 {
            let sign = ["", "-", "+"].randomElement(using: &random)!
            let text = sign + pieces.randomElement(using: &random)! + pieces.randomElement(using: &random)! + "." + pieces.randomElement(using: &random)!
                + pieces.randomElement(using: &random)!
            #expect(ParameterMeaning.Kind.number.normalised(text) == (ExactDecimal(text)?.canonicalText ?? text), "\(text.debugDescription)")
        }
    }

    /// Every bundled operation's meanings over queries made of its own parameter names (and
    /// aliases) with the values above: `rewritten` is `nil` exactly when the general rewrite
    /// changes no byte, and otherwise is that rewrite.
    @Test func rewritingIsSkippedOnlyWhenNothingChanges() throws {
        let contracts = try Contracts.load(from: bundledContractsPath)
        var skipped = 0, rewritten = 0
        for pack in contracts.packs {
            for operation in pack.operations {
                let meanings = try #require(pack.meanings[operation.id])
                let names = operation.parameters.filter { $0.location == .query }.map(\.name) + ["unknown"]
                for (index, value) in Self.values.enumerated() {
                    let pairs = names.enumerated().map { offset, name in (name: name, value: Self.values[(index + offset) % Self.values.count]) }
                    for query in [QueryParameters(pairs: pairs), QueryParameters(pairs: names.map { ($0, value) })] {
                        let general = Self.generalRewrite(query, meanings: meanings, operation: operation)
                        let unchanged = general.count == query.pairs.count
                            && zip(general, query.pairs).allSatisfy { $0.name.utf8.elementsEqual($1.name.utf8) && $0.value.utf8.elementsEqual($1.value.utf8) }
                        if let result = meanings.rewritten(query) {
                            #expect(!unchanged)
                            #expect(result.pairs.map { [$0.name, $0.value] } == general.map { [$0.name, $0.value] })
                            rewritten += 1
                        } else {
                            #expect(unchanged, "\(operation.id): \(query.pairs)")
                            skipped += 1
                        }
                    }
                }
            }
        }
        #expect(skipped > 10 && rewritten > 10)
    }

    /// A fixture's conditions are found already in the contract's terms without writing them
    /// out (`isNormal`): `rewritten` is `nil` exactly when `normalised` changes nothing, for
    /// every bundled operation's parameter names with the values above, one by one and as lists.
    @Test func aFixtureIsLeftAsItIsExactlyWhenNormalisingChangesNothing() throws {
        let contracts = try Contracts.load(from: bundledContractsPath)
        var left = 0, changed = 0
        for pack in contracts.packs {
            for operation in pack.operations {
                let names = operation.parameters.filter { $0.location == .query }.map(\.name) + ["unknown"]
                for (index, value) in Self.values.enumerated() {
                    var conditions: [[String: ValueCondition]] = [Dictionary(names.map { ($0, .equals(value)) }, uniquingKeysWith: { $1 })]
                    for (offset, name) in names.enumerated() {
                        let other = Self.values[(index + offset) % Self.values.count]
                        conditions.append([name: .equals(other)])
                        conditions.append([name: .equalsAll([value, other])])
                        conditions.append([name: .present])
                    }
                    for fixture in conditions {
                        let normalised = operation.meanings.normalised(fixture)
                        if let rewritten = operation.meanings.rewritten(queryChecks(fixture)) {
                            #expect(rewritten == normalised && rewritten != fixture, "\(operation.id): \(fixture)")
                            changed += 1
                        } else {
                            #expect(normalised == fixture, "\(operation.id): \(fixture)")
                            left += 1
                        }
                    }
                }
            }
        }
        #expect(left > 100 && changed > 100, "\(left) left, \(changed) changed")
        for value in Self.values {
            for kind: ParameterMeaning.Kind in [.text, .number, .boolean(BooleanSpellings.standard), .list(separator: ",", items: .number), .list(separator: "|", items: .text)] {
                #expect(kind.isNormal(value) == (kind.normalised(value) == value), "\(kind) \(value.debugDescription)")
            }
        }
    }

    /// The rewrite as it was: every declared query parameter under its one name, its value
    /// written the general way.
    private static func generalRewrite(_ query: QueryParameters, meanings: QueryMeanings, operation: ContractOperation) -> [(name: String, value: String)] {
        query.pairs.map { pair in
            guard let parameter = operation.queryParameter(pair.name) else { return pair }
            let name = parameter.aliasOf ?? parameter.name
            let kind = ParameterMeaning.kind(of: operation.queryParameter(name) ?? parameter)
            guard name != parameter.name || kind != .text else { return pair }
            return (name, generalWriting(pair.value, kind))
        }
    }

    private static func generalWriting(_ text: String, _ kind: ParameterMeaning.Kind) -> String {
        switch kind {
        case .text: text
        case .number: ExactDecimal(text)?.canonicalText ?? text
        case .boolean(let spellings): spellings.value(of: text).map { $0 ? "true" : "false" } ?? text
        case .list(let separator, let items): text.isEmpty ? text : text.components(separatedBy: separator).map { generalWriting($0, items) }.joined(separator: separator)
        }
    }

    /// A request already in its one form is its own matching form; one that is not is rewritten.
    @Test func aRequestInItsOneFormIsNotCopied() throws {
        let contracts = try Contracts.load(from: bundledContractsPath)
        let asIs = Request(method: "GET", target: "/v3/businesses/search?location=SF&limit=20&categories=bars,french")
        let route = try #require(contracts.route(asIs))
        let form = ContractMatching.form(of: asIs, route: route)
        #expect(form.request.query.pairs.map(\.value) == ["SF", "20", "bars,french"] && form.version == nil)
        let other = Request(method: "GET", target: "/v3/businesses/search?location=SF&limit=20.0")
        #expect(ContractMatching.form(of: other, route: try #require(contracts.route(other))).request.query.pairs.map(\.value) == ["SF", "20"])
        let graph = Request(method: "GET", target: "/v19.0/me?fields=id")
        let graphForm = ContractMatching.form(of: graph, route: try #require(contracts.route(graph)))
        #expect(graphForm.request.path == "/me" && graphForm.version == "v19.0")
    }

    /// Rate-limit header templates resolved once fill as `PackAnswer.fill` does.
    @Test func quotaHeaderTemplatesFillAsTheGeneralFill() {
        let values = ["quota.limit": "5000", "quota.remaining": "4999", "quota.resetTime": "2026-11-28T00:00:00+00:00"]
        for template in [
            "", "plain", "{{quota.limit}}", "{{ quota.limit }} of {{quota.remaining}}", "{{quota.resetTime}}", "{{unknown}}-", "{{", "}}", "{{a",
            "a}}{{a}}", "{{{a}}}", "{{}}", "{{ }}", "é{{a}}e\u{301}", "{{a}}{{a}}",
            "{{quota.remaining}}{{quota.limit}}", "{{ quota.resetTime}}", "{{quota.Limit}}", "Limit: {{quota.limit}}/day",
        ] {
            let header = QuotaHeaderTemplate(name: "RateLimit-X", value: template)
                .filled(limit: values["quota.limit"]!, remaining: values["quota.remaining"]!, resetTime: values["quota.resetTime"]!)
            #expect(header == HeaderField(name: "RateLimit-X", value: PackAnswer.fill(template, values)), "\(template)")
        }
    }

    /// Bearer credentials: the byte comparison of the scheme decides as the character one.
    @Test func bearerSchemesAreReadAsByCharacters() {
        let headers = [
            "Bearer abc", "bearer abc", "BEARER abc", "Bearer  abc ", "Bearer ", "Bearer", "Bearer  ", "Bearer x", "Basic abc", "Bearer\tabc",
            "Bearer \u{301}abc", "Bearer\u{301} abc", "Bearer \r\nabc", "Bearer\r\n abc", "\u{212A}earer abc", "Beare abc", "Bearer é", "Bearerabc",
            "", " Bearer abc", "Bearer abc\u{301}", "Bearer  \u{301}",
        ]
        for header in headers {
            let request = Request(method: "GET", target: "/", headers: [HeaderField(name: "authorization", value: header)])
            #expect(CredentialPlacement.bearer.find(in: request) == Self.generalBearer(header), "\(header.debugDescription)")
        }
        #expect(CredentialPlacement.bearer.find(in: Request(method: "GET", target: "/")) == .missing)
    }

    /// The bearer reading as it was: by characters throughout.
    private static func generalBearer(_ header: String) -> CredentialPlacement.Found {
        let prefix = "bearer "
        guard header.count > prefix.count, header.prefix(prefix.count).lowercased() == prefix else { return .malformed }
        var value = header.dropFirst(prefix.count)
        while value.first == " " { value = value.dropFirst() }
        while value.last == " " { value = value.dropLast() }
        return value.isEmpty ? .malformed : .value(String(value))
    }

    /// Rate-limit headers replace the answer's own by name, in any ASCII case, as `hasName` compares.
    @Test func replacedHeadersAreTheOnesHasNameFinds() {
        let names = ["RateLimit-DailyLimit", "ratelimit-dailylimit", "RATELIMIT-DAILYLIMIT", "RateLimit-DailyLimiT ", "RateLimit-Remaining", "Content-Type", "ÉTag", "éTag", "", "X"]
        for own in names {
            for replacing in names {
                var response = Response(status: 200, headers: [HeaderField(name: own, value: "old"), HeaderField(name: "Keep", value: "k")], body: [])
                response.replaceHeaders(with: [HeaderField(name: replacing, value: "new")])
                let replaced = HeaderField(name: own, value: "old").hasName(replacing)
                #expect(response.headers.count == (replaced ? 2 : 3), "\(own) / \(replacing)")
                #expect(response.headers.last == HeaderField(name: replacing, value: "new"))
            }
        }
    }
}
