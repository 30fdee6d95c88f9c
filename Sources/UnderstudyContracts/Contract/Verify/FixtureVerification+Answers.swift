import UnderstudyJSON
import UnderstudyFixtures
import UnderstudySupport
/// The fixture's answers against the responses its operation declares.
extension FixtureVerification {
    /// One answer, with its body as the checks see it.
    package struct PreparedAnswer {
        package let index: Int
        package let response: FixtureResponse
        /// The bytes to check; `nil` when the body is not checked (a template that does not
        /// render to JSON, a body file that is not JSON).
        package let body: [UInt8]?
        /// `false` for a fault, which is not a well-formed answer to check.
        package let isChecked: Bool
        /// A 2xx/3xx answer that is not one of the pack's errors sent with such a status
        /// (Google's `"status": "REQUEST_DENIED"` with HTTP 200).
        package let isSuccess: Bool
    }

    package mutating func prepareAnswer(_ index: Int, route: ContractRoute, operation: ContractOperation) -> PreparedAnswer {
        let response = fixture.responses[index]
        let path = document.answerPath(index)
        if let fault = response.fault {
            note(path.appending("fault"), "fault \(fault.rawValue): answer not checked")
            return PreparedAnswer(index: index, response: response, body: nil, isChecked: false, isSuccess: false)
        }
        let contentType = response.headers.first { $0.hasName("Content-Type") }?.value
        var body: [UInt8]?
        if let templated = response.template?.body {
            body = Self.renderedWithEmptyValues(templated, json: ContractResponse.isJSON(contentType))
            if body == nil { note(path, "template: body not checked") }
        } else {
            switch response.body {
            case .bytes(let bytes): body = bytes
            case .file(let file) where ContractResponse.isJSON(contentType):
                do throws(FileBytes.IOError) { body = try FileBytes.read(file.path) } catch {
                    report(path.appending("file"), "body file cannot be read: \(error.reason)")
                }
            case .file: body = nil
            }
        }
        let json = body.flatMap { ContractResponse.isJSON(contentType) ? try? JSONParser.parse($0) : nil }
        let success = response.status < 400 && !Self.errorSignatures(route.pack, operation).contains { signature in
            signature.allSatisfy { json?[$0.key] == .string($0.value) }
        }
        return PreparedAnswer(index: index, response: response, body: body, isChecked: true, isSuccess: success)
    }

    package mutating func check(_ answer: PreparedAnswer, route: ContractRoute, operation: ContractOperation) {
        guard answer.isChecked else { return }
        var headers = answer.response.headers
        // The quota behaviour adds its headers to every answer of an operation that takes a credential.
        if operation.credential != nil, let quota = route.pack.behaviours.quota { headers += quota.headers }
        let path = document.answerPath(answer.index)
        let member = document.bodyMember(answer.index)
        for problem in Self.mergingMissingMembers(route.responseFindings(status: answer.response.status, headers: headers, body: answer.body)) {
            switch problem.part {
            case .status:
                report(path.appending("status"), problem.message)
            case .contentType:
                // The header where the file writes it, else the body whose default it is.
                let written = document.answerHeaderName("Content-Type", answer: answer.index)
                report(written.map { path.appending("headers").appending($0) } ?? path.appending(member ?? "headers"), problem.message)
            case .header:
                report(path.appending("headers"), problem.message)
            case .body:
                report(member.map { path.appending($0) } ?? path, problem.message)
            case .bodyValue(let finding):
                let detail = "expected \(finding.expected), got \(finding.actual)"
                if member == "json", let json = document.answer(answer.index)?["json"] {
                    report(path.appending("json").appending(pointer: finding.instancePath, in: json), detail)
                } else {
                    let place = finding.instancePath.isEmpty ? "(root)" : finding.instancePath
                    let source = member == "file" ? document.answer(answer.index)?["file"]?.stringValue ?? "body file" : "body"
                    report(path.appending(member ?? "json"), "\(source) \(place): \(detail)")
                }
            }
        }
    }

    /// One finding for all the members an object lacks, instead of one per member: a body
    /// written from memory often lacks many.
    private static func mergingMissingMembers(_ problems: [ResponseProblem]) -> [ResponseProblem] {
        var merged: [ResponseProblem] = []
        var missing: [String: (index: Int, finding: SchemaFinding, names: [String])] = [:]
        for problem in problems {
            guard case .bodyValue(let finding) = problem.part, finding.keyword == "required",
                finding.expected.hasPrefix("member "), finding.expected.hasSuffix(" present")
            else {
                merged.append(problem)
                continue
            }
            let name = String(finding.expected.dropFirst("member ".count).dropLast(" present".count))
            if let earlier = missing[finding.instancePath] {
                missing[finding.instancePath]!.names.append(name)
                var combined = earlier.finding
                combined.expected = "members \((earlier.names + [name]).joined(separator: ", ")) present"
                combined.actual = "an object without them"
                merged[earlier.index] = ResponseProblem(part: .bodyValue(combined), message: "body \(combined.description)")
            } else {
                missing[finding.instancePath] = (merged.count, finding, [name])
                merged.append(problem)
            }
        }
        return merged
    }

    /// What marks a pack's error sent with a 2xx/3xx status: the top-level string members every
    /// such error has (Google's `status`), with each error's values. The operation's own
    /// errors replace the pack's of the same name.
    private static func errorSignatures(_ pack: ProviderPack, _ operation: ContractOperation) -> [[String: String]] {
        let marks = pack.answers.merging(operation.answers) { $1 }.values.compactMap { answer -> [String: String]? in
            guard answer.status < 400, case .json(.object(let members)) = answer.body else { return nil }
            return members.compactMapValues { $0.stringValue.flatMap { $0.contains("{{") ? nil : $0 } }
        }
        guard let first = marks.first else { return [] }
        let shared = marks.dropFirst().reduce(Set(first.keys)) { $0.intersection($1.keys) }
        return shared.isEmpty ? [] : marks.map { $0.filter { shared.contains($0.key) } }
    }

    /// A template's body with every placeholder empty, when that is still a body to check: a
    /// `{{json …}}` placeholder leaves no JSON value, and a text body declared JSON must parse.
    private static func renderedWithEmptyValues(_ body: TemplatedBody, json: Bool) -> [UInt8]? {
        switch body {
        case .json(let templated):
            return templated.renderedWithEmptyValues.map { JSONWriter.bytes($0) }
        case .text(let template):
            guard !template.rendersJSON else { return nil }
            let bytes = Array(template.renderedWithEmptyValues.utf8)
            return !json || (try? JSONParser.parse(bytes)) != nil ? bytes : nil
        }
    }
}

extension Template {
    /// The literal text, every placeholder rendered empty.
    package var renderedWithEmptyValues: String {
        parts.map { if case .literal(let text) = $0 { text } else { "" } }.joined()
    }
}

extension TemplatedJSON {
    /// The value with every placeholder empty; `nil` when a `{{json …}}` placeholder, whose
    /// value is JSON of unknown type, would be rendered.
    package var renderedWithEmptyValues: JSONValue? {
        switch self {
        case .literal(let value): return value
        case .template(let template): return template.rendersJSON ? nil : .string(template.renderedWithEmptyValues)
        case .array(let elements):
            let rendered = elements.compactMap(\.renderedWithEmptyValues)
            return rendered.count == elements.count ? .array(rendered) : nil
        case .object(let members):
            let rendered = members.compactMapValues(\.renderedWithEmptyValues)
            return rendered.count == members.count ? .object(rendered) : nil
        }
    }
}
