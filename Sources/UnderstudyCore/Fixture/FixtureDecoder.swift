import Foundation

/// Reads one fixture document into a `Fixture`, collecting every problem rather than
/// stopping at the first, each with its JSON path.
struct FixtureDecoder {
    /// The file relative to the fixtures root, e.g. `yelp/search.json`.
    let file: String
    /// The fixtures root, absolute.
    let root: String
    /// Every regular file below the root, relative to it: where body files are looked up.
    let existingFiles: Set<String>
    private(set) var problems: [FixtureProblem] = []

    init(file: String, root: String, existingFiles: Set<String>) {
        self.file = file
        self.root = root
        self.existingFiles = existingFiles
    }

    /// Decodes `bytes`; on failure every problem found is returned.
    mutating func decode(_ bytes: [UInt8]) -> Fixture? {
        let document: JSONValue
        do {
            document = try JSONParser.parse(bytes)
        } catch {
            problems.append(FixtureProblem(file: file, position: (error.line, error.column), message: "invalid JSON: \(error.message)"))
            return nil
        }
        guard let members = object(document, at: .root) else { return nil }
        checkKeys(members, allowed: Self.documentKeys, at: .root)

        switch members["understudy"] {
        case nil:
            report(.root, "missing \"understudy\": the format version, \(Fixture.formatVersion)")
        case .number(let n) where n.intValue == Fixture.formatVersion:
            break
        case let other?:
            report(JSONPath.root.appending("understudy"), "unsupported format version \(JSONWriter.string(other)); this Understudy reads version \(Fixture.formatVersion)")
        }

        let folder = file.split(separator: "/").count > 1 ? String(file.split(separator: "/")[0]) : nil
        var provider = folder
        if let declared = members["provider"] {
            if let name = string(declared, at: JSONPath.root.appending("provider")) {
                if let folder, folder != name {
                    report(JSONPath.root.appending("provider"), "provider \"\(name)\" does not match the folder \"\(folder)/\" the file is in")
                }
                provider = name
            }
        } else if folder == nil {
            report(.root, "a fixture outside a provider folder must name its \"provider\"")
        }

        let name = members["name"].flatMap { string($0, at: JSONPath.root.appending("name")) }
        var priority = 0
        if let value = members["priority"] {
            if let int = value.intValue { priority = int } else {
                report(JSONPath.root.appending("priority"), "expected an integer, found \(value.kindDescription)")
            }
        }

        let request: RequestPattern?
        if let value = members["request"] {
            request = decodeRequest(value, at: JSONPath.root.appending("request"))
        } else {
            report(.root, "missing \"request\": the conditions a request must meet")
            request = nil
        }

        var responses: [FixtureResponse] = []
        switch (members["response"], members["responses"]) {
        case (nil, nil):
            report(.root, "missing \"response\" (or \"responses\" for a sequence)")
        case (.some, .some):
            report(.root, "give either \"response\" or \"responses\", not both")
        case (let single?, nil):
            if let response = decodeResponse(single, at: JSONPath.root.appending("response")) { responses = [response] }
        case (nil, let sequence?):
            let path = JSONPath.root.appending("responses")
            if let elements = array(sequence, at: path) {
                if elements.isEmpty { report(path, "a sequence needs at least one response") }
                for (index, element) in elements.enumerated() {
                    if let response = decodeResponse(element, at: path.appending(index: index)) { responses.append(response) }
                }
            }
        }

        let scenario = members["scenario"].flatMap { decodeScenario($0, at: JSONPath.root.appending("scenario")) }

        guard problems.isEmpty, let request, let provider else { return nil }
        return Fixture(file: file, provider: provider, name: name, priority: priority, request: request, responses: responses, scenario: scenario)
    }

    private mutating func decodeScenario(_ value: JSONValue, at path: JSONPath) -> ScenarioStep? {
        guard let members = object(value, at: path) else { return nil }
        checkKeys(members, allowed: Self.scenarioKeys, at: path)
        func nonEmptyString(_ key: String) -> String? {
            guard let value = members[key] else { return nil }
            guard let text = string(value, at: path.appending(key)) else { return nil }
            if text.isEmpty { report(path.appending(key), "must not be empty") }
            return text
        }
        let name = nonEmptyString("name")
        if members["name"] == nil { report(path, "missing \"name\": the scenario this fixture belongs to") }
        let requires = nonEmptyString("requires"), moveTo = nonEmptyString("moveTo")
        if members["requires"] == nil && members["moveTo"] == nil {
            report(path, "give \"requires\" (the state this fixture answers in), \"moveTo\" (the state it sets), or both")
        }
        guard let name else { return nil }
        return ScenarioStep(name: name, requires: requires, moveTo: moveTo)
    }

    // MARK: request

    private mutating func decodeRequest(_ value: JSONValue, at path: JSONPath) -> RequestPattern? {
        guard let members = object(value, at: path) else { return nil }
        checkKeys(members, allowed: Self.requestKeys, at: path)
        var method: String?
        if let value = members["method"] {
            if let text = string(value, at: path.appending("method")) {
                if text.isEmpty || !text.allSatisfy({ $0.isLetter }) {
                    report(path.appending("method"), "\"\(text)\" is not an HTTP method")
                } else {
                    method = text.uppercased()
                }
            }
        } else {
            report(path, "missing \"method\"")
        }
        var pathPattern: PathPattern?
        if let value = members["path"] {
            if let text = string(value, at: path.appending("path")) {
                switch PathPattern.parse(text) {
                case .success(let pattern): pathPattern = pattern
                case .failure(let error): report(path.appending("path"), "\"\(text)\" \(error.reason)")
                }
            }
        } else {
            report(path, "missing \"path\"")
        }
        let query = members["query"].map { conditions($0, at: path.appending("query"), lowercasingNames: false) } ?? [:]
        let headers = members["headers"].map { conditions($0, at: path.appending("headers"), lowercasingNames: true) } ?? [:]
        let body = members["body"].flatMap { decodeBodyCondition($0, at: path.appending("body")) }
        guard let method, let pathPattern else { return nil }
        return RequestPattern(method: method, path: pathPattern, query: query, headers: headers, body: body)
    }

    private mutating func conditions(_ value: JSONValue, at path: JSONPath, lowercasingNames: Bool) -> [String: ValueCondition] {
        guard let members = object(value, at: path) else { return [:] }
        var result: [String: ValueCondition] = [:]
        for (name, condition) in members.sorted(by: { $0.key < $1.key }) {
            let key = lowercasingNames ? name.lowercased() : name
            if result[key] != nil {
                report(path.appending(name), "\"\(name)\" is given twice (names are case-insensitive here)")
                continue
            }
            if let decoded = decodeCondition(condition, at: path.appending(name)) { result[key] = decoded }
        }
        return result
    }

    private mutating func decodeCondition(_ value: JSONValue, at path: JSONPath) -> ValueCondition? {
        switch value {
        case .string(let text): return .equals(text)
        case .number(let number): return .equals(number.text)
        case .bool(let flag): return .equals(flag ? "true" : "false")
        case .array(let elements):
            var values: [String] = []
            for (index, element) in elements.enumerated() {
                switch element {
                case .string(let text): values.append(text)
                case .number(let number): values.append(number.text)
                default: report(path.appending(index: index), "a repeated parameter's values must be strings, found \(element.kindDescription)")
                }
            }
            if elements.isEmpty { report(path, "an empty array can never match; use {\"absent\": true}") }
            return .equalsAll(values)
        case .object(let members):
            guard members.count == 1, let (kind, argument) = members.first else {
                report(path, "expected exactly one of \"matches\", \"present\", \"absent\"; found \(members.keys.sorted().map { "\"\($0)\"" }.joined(separator: ", "))")
                return nil
            }
            switch kind {
            case "matches":
                guard let source = string(argument, at: path.appending("matches")) else { return nil }
                do {
                    return .matches(try RegexPattern(source))
                } catch {
                    report(path.appending("matches"), "invalid regular expression /\(source)/")
                    return nil
                }
            case "present", "absent":
                guard argument == .bool(true) else {
                    report(path.appending(kind), "expected true (to say the opposite, use \"\(kind == "present" ? "absent" : "present")\")")
                    return nil
                }
                return kind == "present" ? .present : .absent
            default:
                report(path.appending(kind), "unknown condition \"\(kind)\"; expected \"matches\", \"present\" or \"absent\"")
                return nil
            }
        case .null:
            report(path, "null is not a condition; use {\"absent\": true}")
            return nil
        }
    }

    private mutating func decodeBodyCondition(_ value: JSONValue, at path: JSONPath) -> BodyCondition? {
        guard let members = object(value, at: path) else { return nil }
        guard members.count == 1, let (kind, argument) = members.first else {
            report(path, "expected exactly one of \"json\", \"jsonSubset\", \"text\"")
            return nil
        }
        switch kind {
        case "json": return .json(argument)
        case "jsonSubset": return .jsonSubset(argument)
        case "text": return string(argument, at: path.appending("text")).map(BodyCondition.text)
        default:
            report(path.appending(kind), "unknown body condition \"\(kind)\"; expected \"json\", \"jsonSubset\" or \"text\"")
            return nil
        }
    }

    // MARK: response

    private mutating func decodeResponse(_ value: JSONValue, at path: JSONPath) -> FixtureResponse? {
        guard let members = object(value, at: path) else { return nil }
        checkKeys(members, allowed: Self.responseKeys, at: path)
        var status = 200
        if let value = members["status"] {
            if let code = value.intValue, (100...599).contains(code) { status = code } else {
                report(path.appending("status"), "expected an HTTP status code from 100 to 599, found \(JSONWriter.string(value))")
            }
        }
        var headers: [HTTPField] = []
        if let value = members["headers"], let fields = object(value, at: path.appending("headers")) {
            for (name, fieldValue) in fields.sorted(by: { $0.key < $1.key }) {
                let fieldPath = path.appending("headers").appending(name)
                switch fieldValue {
                case .string(let text): headers.append(HTTPField(name: name, value: text))
                case .array(let values):
                    for (index, element) in values.enumerated() {
                        if let text = string(element, at: fieldPath.appending(index: index)) { headers.append(HTTPField(name: name, value: text)) }
                    }
                default: report(fieldPath, "expected a string (or an array of strings for a repeated header), found \(fieldValue.kindDescription)")
                }
                if headers.contains(where: { $0.name == name && ($0.value.utf8.contains(13) || $0.value.utf8.contains(10)) })
                    || name.utf8.contains(13) || name.utf8.contains(10) || name.isEmpty
                {
                    report(fieldPath, "a header name must not be empty, and no name or value may contain a line break")
                }
                let lowercased = name.lowercased()
                if lowercased == "content-length" || lowercased == "transfer-encoding" {
                    report(fieldPath, "\(name) is computed by the server; remove it")
                }
            }
        }
        let bodyKinds = ["json", "text", "base64", "file"].filter { members[$0] != nil }
        if bodyKinds.count > 1 {
            report(path, "give one body: \(bodyKinds.map { "\"\($0)\"" }.joined(separator: " or "))")
            return nil
        }
        var body = ResponseBody.bytes([])
        var defaultContentType: String?
        switch bodyKinds.first {
        case "json":
            body = .bytes(JSONWriter.bytes(members["json"]!))
            defaultContentType = "application/json"
        case "text":
            guard let text = string(members["text"]!, at: path.appending("text")) else { return nil }
            body = .bytes(Array(text.utf8))
            defaultContentType = "text/plain; charset=utf-8"
        case "base64":
            guard let text = string(members["base64"]!, at: path.appending("base64")) else { return nil }
            guard let data = Data(base64Encoded: text, options: .ignoreUnknownCharacters) else {
                report(path.appending("base64"), "not valid base64")
                return nil
            }
            body = .bytes(Array(data))
            defaultContentType = "application/octet-stream"
        case "file":
            guard let name = string(members["file"]!, at: path.appending("file")) else { return nil }
            guard let resolved = resolveBodyFile(name, at: path.appending("file")) else { return nil }
            body = .file(BodyFile(path: resolved))
            defaultContentType = MediaType.forExtension(name.split(separator: ".").last.map(String.init) ?? "")
        default:
            break
        }
        if let defaultContentType, !headers.contains(where: { $0.name.lowercased() == "content-type" }) {
            headers.append(HTTPField(name: "Content-Type", value: defaultContentType))
        }
        var fault: Fault?
        if let value = members["fault"], let name = string(value, at: path.appending("fault")) {
            fault = Fault(rawValue: name)
            if fault == nil {
                report(path.appending("fault"), "unknown fault \"\(name)\"; expected one of \(Fault.allCases.map(\.rawValue).joined(separator: ", "))")
            }
        }
        var template: ResponseTemplate?
        if let value = members["template"] {
            if value == .bool(true) {
                template = compileTemplate(members: members, headers: headers, at: path)
            } else if value != .bool(false) {
                report(path.appending("template"), "expected true or false, found \(JSONWriter.string(value))")
            }
        }
        let delay = members["delay"].flatMap { decodeDelay($0, at: path.appending("delay")) }
        let dribble = members["dribble"].flatMap { decodeDribble($0, at: path.appending("dribble")) }
        return FixtureResponse(status: status, headers: headers, body: body, fault: fault, template: template, delay: delay, dribble: dribble)
    }

    private mutating func decodeDelay(_ value: JSONValue, at path: JSONPath) -> Delay? {
        func milliseconds(_ value: JSONValue?, _ path: JSONPath, positive: Bool = false) -> Double? {
            guard case .number(let number)? = value, number.value >= 0, !positive || number.value > 0 else {
                report(path, "expected \(positive ? "a positive" : "a non-negative") number of milliseconds, found \(value.map { JSONWriter.string($0) } ?? "nothing")")
                return nil
            }
            return number.value
        }
        if case .number = value { return milliseconds(value, path).map { .fixed(milliseconds: $0) } }
        guard let members = object(value, at: path), members.count == 1, let (kind, argument) = members.first else {
            report(path, "expected milliseconds, or one of {\"fixed\": ms}, {\"uniform\": {\"min\", \"max\"}}, {\"logNormal\": {\"median\", \"sigma\"}}")
            return nil
        }
        let argumentPath = path.appending(kind)
        switch kind {
        case "fixed":
            return milliseconds(argument, argumentPath).map { .fixed(milliseconds: $0) }
        case "uniform":
            guard let bounds = object(argument, at: argumentPath) else { return nil }
            checkKeys(bounds, allowed: ["min", "max"], at: argumentPath)
            guard let low = milliseconds(bounds["min"], argumentPath.appending("min")),
                let high = milliseconds(bounds["max"], argumentPath.appending("max"))
            else { return nil }
            guard low <= high else {
                report(argumentPath, "min (\(low)) must not exceed max (\(high))")
                return nil
            }
            return .uniform(min: low, max: high)
        case "logNormal":
            guard let shape = object(argument, at: argumentPath) else { return nil }
            checkKeys(shape, allowed: ["median", "sigma"], at: argumentPath)
            guard let median = milliseconds(shape["median"], argumentPath.appending("median"), positive: true),
                let sigma = milliseconds(shape["sigma"], argumentPath.appending("sigma"))
            else { return nil }
            return .logNormal(median: median, sigma: sigma)
        default:
            report(argumentPath, "unknown delay \"\(kind)\"; expected fixed, uniform or logNormal")
            return nil
        }
    }

    private mutating func decodeDribble(_ value: JSONValue, at path: JSONPath) -> Dribble? {
        guard let members = object(value, at: path) else { return nil }
        checkKeys(members, allowed: ["duration", "chunks"], at: path)
        guard case .number(let duration)? = members["duration"], duration.value >= 0 else {
            report(path.appending("duration"), "expected a non-negative number of milliseconds")
            return nil
        }
        guard let chunks = members["chunks"]?.intValue, (2...10_000).contains(chunks) else {
            report(path.appending("chunks"), "expected an integer from 2 to 10000")
            return nil
        }
        return Dribble(duration: duration.value / 1000, chunks: chunks)
    }

    /// Compiles the placeholders of a `"template": true` response: its `json` or `text` body
    /// and its header values.
    private mutating func compileTemplate(members: [String: JSONValue], headers: [HTTPField], at path: JSONPath) -> ResponseTemplate? {
        if members["base64"] != nil || members["file"] != nil {
            report(path.appending("template"), "templates apply to \"json\" and \"text\" bodies, not \"base64\" or \"file\"")
            return nil
        }
        var headerTemplates: [Int: Template] = [:]
        for (position, field) in headers.enumerated() where Template.containsPlaceholder(field.value) {
            if let compiled = compile(field.value, at: path.appending("headers").appending(field.name)) { headerTemplates[position] = compiled }
        }
        var body: TemplatedBody?
        if let json = members["json"] {
            body = .json(templated(json, at: path.appending("json")))
        } else if case .string(let text)? = members["text"], let compiled = compile(text, at: path.appending("text")) {
            body = .text(compiled)
        }
        return ResponseTemplate(headers: headerTemplates, body: body)
    }

    private mutating func templated(_ value: JSONValue, at path: JSONPath) -> TemplatedJSON {
        switch value {
        case .string(let text) where Template.containsPlaceholder(text):
            return compile(text, at: path).map(TemplatedJSON.template) ?? .literal(value)
        case .array(let elements):
            return .array(elements.enumerated().map { templated($1, at: path.appending(index: $0)) })
        case .object(let members):
            var result: [String: TemplatedJSON] = [:]
            for (key, member) in members { result[key] = templated(member, at: path.appending(key)) }
            return .object(result)
        default:
            return .literal(value)
        }
    }

    private mutating func compile(_ text: String, at path: JSONPath) -> Template? {
        do {
            return try Template(text)
        } catch {
            report(path, "template: \(error.reason)")
            return nil
        }
    }

    /// Resolves a body file relative to the fixture's folder, refusing paths that leave the
    /// fixtures root, and checks it is among the regular files found when listing the tree.
    private mutating func resolveBodyFile(_ name: String, at path: JSONPath) -> String? {
        guard !name.isEmpty, !name.hasPrefix("/") else {
            report(path, "\"\(name)\" must be a path relative to the fixture's folder")
            return nil
        }
        // Resolve `.` and `..` by hand: a body file must stay inside the fixtures root.
        var components = file.split(separator: "/").dropLast().map(String.init)
        for component in name.split(separator: "/") where component != "." {
            if component == ".." {
                guard !components.isEmpty else {
                    report(path, "\"\(name)\" leaves the fixtures folder")
                    return nil
                }
                components.removeLast()
            } else {
                components.append(String(component))
            }
        }
        let relative = components.joined(separator: "/")
        guard existingFiles.contains(relative) else {
            report(path, "body file \"\(name)\" not found (looked for \(relative))")
            return nil
        }
        return root + "/" + relative
    }

    // MARK: helpers

    private mutating func object(_ value: JSONValue, at path: JSONPath) -> [String: JSONValue]? {
        if case .object(let members) = value { return members }
        report(path, "expected an object, found \(value.kindDescription)")
        return nil
    }

    private mutating func array(_ value: JSONValue, at path: JSONPath) -> [JSONValue]? {
        if case .array(let elements) = value { return elements }
        report(path, "expected an array, found \(value.kindDescription)")
        return nil
    }

    private mutating func string(_ value: JSONValue, at path: JSONPath) -> String? {
        if case .string(let text) = value { return text }
        report(path, "expected a string, found \(value.kindDescription)")
        return nil
    }

    private static let documentKeys: Set<String> = ["understudy", "provider", "name", "priority", "request", "response", "responses", "scenario"]
    private static let scenarioKeys: Set<String> = ["name", "requires", "moveTo"]
    private static let requestKeys: Set<String> = ["method", "path", "query", "headers", "body"]
    private static let responseKeys: Set<String> = [
        "status", "headers", "json", "text", "base64", "file", "fault", "template", "delay", "dribble",
    ]

    private mutating func checkKeys(_ members: [String: JSONValue], allowed: Set<String>, at path: JSONPath) {
        guard !members.keys.allSatisfy(allowed.contains) else { return }
        for key in members.keys.sorted() where !allowed.contains(key) {
            let suggestion = allowed.sorted().first { Self.isNearMiss($0, key) }.map { " (did you mean \"\($0)\"?)" } ?? ""
            report(path.appending(key), "unknown member \"\(key)\"\(suggestion); expected one of \(allowed.sorted().joined(separator: ", "))")
        }
    }

    /// A cheap typo check: same letters ignoring case, or one edit apart.
    private static func isNearMiss(_ candidate: String, _ typed: String) -> Bool {
        let a = Array(candidate.lowercased()), b = Array(typed.lowercased())
        if a == b { return true }
        guard abs(a.count - b.count) <= 1 else { return false }
        var i = 0, j = 0, edits = 0
        while i < a.count, j < b.count {
            if a[i] == b[j] { i += 1; j += 1; continue }
            edits += 1
            if edits > 1 { return false }
            if a.count > b.count { i += 1 } else if b.count > a.count { j += 1 } else { i += 1; j += 1 }
        }
        return edits + (a.count - i) + (b.count - j) <= 1
    }

    private mutating func report(_ path: JSONPath, _ message: String) {
        problems.append(FixtureProblem(file: file, path: path, message: message))
    }
}
