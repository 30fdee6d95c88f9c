import UnderstudyJSON
import UnderstudySupport
/// Decoding what shapes an answer beyond its bytes: scenarios, delays, dribbles, templates.
extension FixtureDecoder {
    package mutating func decodeScenario(_ value: JSONValue, at path: JSONPath) -> ScenarioStep? {
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

    package mutating func decodeDelay(_ value: JSONValue, at path: JSONPath) -> Delay? {
        func milliseconds(_ value: JSONValue?, _ path: JSONPath, positive: Bool = false) -> Double? {
            guard case .number(let number)? = value, number.value >= 0, !positive || number.value > 0 else {
                report(path, "expected \(positive ? "a positive" : "a non-negative") number of milliseconds, found \(value.map { JSONWriter.string($0) } ?? "nothing")")
                return nil
            }
            if let problem = Delay.problem(milliseconds: number.value, text: number.text) {
                report(path, problem)
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
            guard let median = milliseconds(shape["median"], argumentPath.appending("median"), positive: true) else { return nil }
            guard case .number(let sigma)? = shape["sigma"], sigma.value >= 0 else {
                report(argumentPath.appending("sigma"), "expected a non-negative number, found \(shape["sigma"].map { JSONWriter.string($0) } ?? "nothing")")
                return nil
            }
            if let problem = Delay.problem(sigma: sigma.value, text: sigma.text) {
                report(argumentPath.appending("sigma"), problem)
                return nil
            }
            return .logNormal(median: median, sigma: sigma.value)
        default:
            report(argumentPath, "unknown delay \"\(kind)\"; expected fixed, uniform or logNormal")
            return nil
        }
    }

    package mutating func decodeDribble(_ value: JSONValue, at path: JSONPath) -> Dribble? {
        guard let members = object(value, at: path) else { return nil }
        checkKeys(members, allowed: ["duration", "chunks"], at: path)
        guard case .number(let duration)? = members["duration"], duration.value >= 0 else {
            report(path.appending("duration"), "expected a non-negative number of milliseconds")
            return nil
        }
        // A dribble holds its connection as a delay does: the same longest wait.
        if let problem = Delay.problem(milliseconds: duration.value, text: duration.text) {
            report(path.appending("duration"), problem)
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
    package mutating func compileTemplate(members: [String: JSONValue], headers: [HeaderField], at path: JSONPath) -> ResponseTemplate? {
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

    package mutating func templated(_ value: JSONValue, at path: JSONPath) -> TemplatedJSON {
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

    package mutating func compile(_ text: String, at path: JSONPath) -> Template? {
        do {
            return try Template(text)
        } catch {
            report(path, "template: \(error.reason)")
            return nil
        }
    }
}
