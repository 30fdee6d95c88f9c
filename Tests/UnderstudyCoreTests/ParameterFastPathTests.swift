import Foundation
import Testing
@testable import UnderstudyCore

/// The compiled parameter checks (`ParameterFastPath`) against the general schema evaluation:
/// the fast path may be unsure, but it must never accept a value the general check refuses,
/// and it must accept the ordinary values requests send (or it saves nothing).
@Suite struct ParameterFastPathTests {
    /// Values every parameter is tried with: ordinary, boundary, hostile, and texts whose
    /// bytes and characters disagree (combining marks, a Kelvin sign, CR LF).
    static let commonValues = [
        "", " ", "0", "-0", "+0", "1", "-1", "+5", "007", "1.5", "-1.5", "1.0", "1e2", "1E-2", "0x10", "NaN", "nan", "inf", "-inf",
        "9007199254740992", "9007199254740993", "-9223372036854775808", "9223372036854775807", "99999999999999999999", "1e309",
        " 1", "1 ", "١٢", "true", "false", "True", "FALSE", "1", "yes", "None", "null", "a", "abc", "ab", "ABC", "é", "e\u{301}",
        "\u{212A}", "a,b", "a,,b", ",", "a,", ",a", "a|b", "a|", "|", "1,2", "1,2,3,4,5", "1,5", "é,b", "e\u{301},b", ",\u{301}",
        "a\r\nb", "\r\n", "a b", "%41", "{{value}}", String(repeating: "a", count: 300), "bars,french", "tex-mex",
    ]

    /// For every parameter of the bundled contracts with a fast path: each value it accepts,
    /// the general check accepts too; and its own enum members and bounds are tried.
    @Test func bundledParametersNeverAcceptWhatTheGeneralCheckRefuses() throws {
        let contracts = try Contracts.load(from: bundledContractsPath)
        var accepted = 0, compiled = 0
        for pack in contracts.packs {
            for operation in pack.operations {
                for parameter in operation.parameters {
                    guard parameter.fastPath != nil else { continue }
                    compiled += 1
                    for value in Self.commonValues + Self.ownValues(of: parameter) {
                        accepted += try Self.compare(parameter, value, in: operation)
                    }
                }
            }
        }
        // The common shapes compile: most parameters of the bundled contracts have a fast path.
        #expect(compiled > 100, "only \(compiled) parameters compiled")
        #expect(accepted > 1000, "the fast path accepted only \(accepted) values")
    }

    /// The ordinary values of the bundled apps' requests take the fast path.
    @Test func theAppsValuesTakeTheFastPath() throws {
        let contracts = try Contracts.load(from: bundledContractsPath)
        let cases: [(provider: String, operation: String, parameter: String, value: String)] = [
            ("yelp", "searchBusinesses", "location", "San Francisco, CA"), ("yelp", "searchBusinesses", "limit", "20"),
            ("yelp", "searchBusinesses", "radius", "16093"), ("yelp", "searchBusinesses", "offset", "120"),
            ("yelp", "searchBusinesses", "sort_by", "best_match"), ("yelp", "searchBusinesses", "categories", "restaurants,bars"),
            ("yelp", "searchBusinesses", "latitude", "37.7749"), ("yelp", "searchBusinesses", "open_now", "true"),
            ("google", "directions", "mode", "walking"),
            ("google", "directions", "avoid", "tolls|ferries"), ("google", "nearbySearch", "location", "37.7749,-122.4194"),
            ("google", "placeDetails", "place_id", "ChIJvIOIRITlUBdN6OH1pSlAZxS"), ("facebook", "getMe", "fields", "id,name"),
        ]
        for (provider, operationID, name, value) in cases {
            let operation = try #require(contracts.pack(named: provider)?.operations.first { $0.id == operationID })
            let parameter = try #require(operation.parameters.first { $0.name == name })
            #expect(parameter.fastPath != nil, "\(operationID).\(name) has no fast path")
            #expect(try Self.compare(parameter, value, in: operation) == 1, "\(operationID).\(name)=\(value) is not accepted fast")
        }
    }

    /// A parameter the one pass over the query leaves out is one the check would pass: an
    /// optional query parameter with no value in the request.
    @Test func parametersLeftUncheckedAreAbsentAndOptional() throws {
        let contracts = try Contracts.load(from: bundledContractsPath)
        var random = SeededGenerator(seed: 20_261_125)
        var skipped = 0
        for pack in contracts.packs {
            for operation in pack.operations {
                let names = operation.parameters.map(\.name) + ["other", "None"]
                for _ in 0..<40 {
                    let query = (0..<Int(random.next() % 6)).map { _ in
                        names[Int(random.next() % UInt64(names.count))] + "=" + Self.commonValues[Int(random.next() % UInt64(Self.commonValues.count))]
                            .addingPercentEncoding(withAllowedCharacters: .alphanumerics)!
                    }
                    let request = Request(method: operation.method, target: "/x?" + query.joined(separator: "&"))
                    let positions = try #require(operation.parametersToCheck(in: request))
                    for (position, parameter) in operation.parameters.enumerated() where positions & (1 << position) == 0 {
                        #expect(parameter.location == .query && !parameter.required && parameter.texts(in: request, pathParameters: [:]).isEmpty)
                        skipped += 1
                    }
                }
            }
        }
        #expect(skipped > 1000)
    }

    /// Schemas the bundled contracts do not use, compiled on their own: exclusive bounds,
    /// several types, list counts, non-ASCII enum members, custom boolean spellings, `$ref`.
    @Test func unusualSchemasNeverAcceptWhatTheGeneralCheckRefuses() throws {
        let schemas: [(String, list: String??)] = [
            (#"{"type": "integer", "exclusiveMinimum": 0, "exclusiveMaximum": 10}"#, nil),
            (#"{"type": "number", "minimum": -1.5, "maximum": 2.5}"#, nil),
            (#"{"type": ["integer", "string"], "minimum": 0}"#, nil),
            (#"{"type": "integer", "multipleOf": 2}"#, nil),
            (#"{"type": "string", "enum": ["é", "e\u0301", "K", "a b"]}"#, nil),
            (#"{"type": "string", "minLength": 2, "maxLength": 3}"#, nil),
            (#"{"type": "string", "pattern": "^[a-z]+$", "maxLength": 4}"#, nil),
            (#"{"type": "boolean"}"#, nil),
            (#"{"type": "integer", "enum": [1, 2]}"#, nil),
            (#"{"type": "string", "const": "a"}"#, nil),
            (##"{"$ref": "#/$defs/small", "$defs": {"small": {"type": "integer", "maximum": 3}}}"##, nil),
            (#"{"type": "array", "items": {"type": "integer", "minimum": 1}, "minItems": 1, "maxItems": 2}"#, .some(",")),
            (#"{"type": "array", "items": {"type": "string", "enum": ["a", "b"]}}"#, .some("|")),
            (#"{"type": "array", "items": {"type": "boolean"}}"#, .some(",")),
            (#"{"type": "array", "items": {"type": "number"}, "maxItems": 2}"#, .some(nil)),
            (#"{"type": "array", "items": {"type": "string", "minLength": 1}}"#, .some("ab")),
            (#"{"type": "array", "uniqueItems": true}"#, .some(",")),
        ]
        let spellings = BooleanSpellings(trueTexts: ["true", "True", "1"], falseTexts: ["false", "0"])
        var accepted = 0
        for (text, list) in schemas {
            let source = try JSONParser.parse(Array(text.utf8))
            let schema = try JSONSchema(source)
            let types = ContractParameter.conversionOrder(PackDecoder.types(of: source))
            let itemTypes = ContractParameter.conversionOrder(PackDecoder.types(of: source["items"] ?? .object([:])))
            for location in ContractParameter.Location.allCases {
                for required in [false, true] {
                    let parameter = ContractParameter(
                        name: "p", location: location, required: required, schema: schema, types: types,
                        list: list.map { ($0, itemTypes) }, defaultValue: nil, message: nil, booleans: spellings, ignoredValues: ["None"])
                    for value in Self.commonValues {
                        accepted += try Self.compare(parameter, value, in: nil)
                    }
                }
            }
        }
        #expect(accepted > 100)
    }

    /// Compares both checks on `value` (and on the parameter absent, and repeated); returns 1
    /// when the fast path accepted the value.
    private static func compare(_ parameter: ContractParameter, _ value: String, in operation: ContractOperation?) throws -> Int {
        var fastAccepted = 0
        for request in requests(parameter, value) {
            let pathParameters = parameter.location == .path ? [parameter.name: value] : [:]
            let fast = parameter.surelyPasses(in: request.request, pathParameters: request.absent ? [:] : pathParameters)
            let texts = parameter.texts(in: request.request, pathParameters: request.absent ? [:] : pathParameters)
            let general = texts.isEmpty ? !parameter.required : (parameter.schema?.validate(parameter.value(of: texts)).isEmpty ?? true)
            if fast {
                #expect(general, "\(operation?.id ?? "") \(parameter.location) \(parameter.name)=\(value.debugDescription): fast accepts, general refuses")
                if !request.absent { fastAccepted = 1 }
            }
        }
        return fastAccepted
    }

    /// The parameter with `value` once, twice (a repeated list), after an ignored value, and absent.
    private static func requests(_ parameter: ContractParameter, _ value: String) -> [(request: Request, absent: Bool)] {
        let encoded = value.addingPercentEncoding(withAllowedCharacters: .alphanumerics)!
        let name = parameter.name.addingPercentEncoding(withAllowedCharacters: .alphanumerics)!
        switch parameter.location {
        case .query:
            return [
                (Request(method: "GET", target: "/x?\(name)=\(encoded)"), false),
                (Request(method: "GET", target: "/x?\(name)=\(encoded)&\(name)=\(encoded)"), false),
                (Request(method: "GET", target: "/x?\(name)=None&\(name)=\(encoded)"), false),
                (Request(method: "GET", target: "/x?other=\(encoded)"), true),
            ]
        case .header:
            let field = HeaderField(name: parameter.name, value: value)
            return [
                (Request(method: "GET", target: "/x", headers: [field]), false),
                (Request(method: "GET", target: "/x", headers: [field, field]), false),
                (Request(method: "GET", target: "/x"), true),
            ]
        case .path:
            return [(Request(method: "GET", target: "/x"), false), (Request(method: "GET", target: "/x"), true)]
        }
    }

    /// Values at the parameter's own edges: its enum members (and near misses), bounds ± 1,
    /// lengths at the limits.
    private static func ownValues(of parameter: ContractParameter) -> [String] {
        guard let schema = parameter.schema else { return [] }
        var values: [String] = []
        for shape in [schema.scalarShape, schema.listShape?.items ?? nil].compactMap({ $0 }) {
            for member in shape.strings ?? [] { values += [member, member.uppercased(), member + "x", String(member.dropLast()), member + "," + member] }
            for bound in [shape.minimum, shape.maximum, shape.exclusiveMinimum, shape.exclusiveMaximum].compactMap({ $0 }) {
                let whole = Int(bound)
                values += [String(whole - 1), String(whole), String(whole + 1), String(bound), String(bound - 0.5), String(bound + 0.5)]
            }
            for length in [shape.minLength, shape.maxLength].compactMap({ $0 }) {
                values += [max(length - 1, 0), length, length + 1].map { String(repeating: "a", count: $0) }
            }
        }
        return values
    }
}
