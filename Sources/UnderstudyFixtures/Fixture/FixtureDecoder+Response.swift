import Foundation
import UnderstudyJSON
import UnderstudySupport

/// Decoding `response`: status, headers, the body, and the body file it may name.
extension FixtureDecoder {
    package mutating func decodeResponse(_ value: JSONValue, at path: JSONPath) -> FixtureResponse? {
        guard let members = object(value, at: path) else { return nil }
        checkKeys(members, allowed: Self.responseKeys, at: path)
        var status = 200
        if let value = members["status"] {
            if let code = value.intValue, (100...599).contains(code) { status = code } else {
                report(path.appending("status"), "expected an HTTP status code from 100 to 599, found \(JSONWriter.string(value))")
            }
        }
        var headers: [HeaderField] = []
        if let value = members["headers"], let fields = object(value, at: path.appending("headers")) {
            let headersPath = path.appending("headers").asParent
            for (name, fieldValue) in fields.sorted(by: { $0.key < $1.key }) {
                let fieldPath = headersPath.appending(name)
                var values: [String] = []
                switch fieldValue {
                case .string(let text): values = [text]
                case .array(let elements):
                    for (index, element) in elements.enumerated() {
                        if let text = string(element, at: fieldPath.appending(index: index)) { values.append(text) }
                    }
                default: report(fieldPath, "expected a string (or an array of strings for a repeated header), found \(fieldValue.kindDescription)")
                }
                if name.isEmpty || name.hasLineBreak || values.contains(where: \.hasLineBreak) {
                    report(fieldPath, "a header name must not be empty, and no name or value may contain a line break")
                }
                headers += values.map { HeaderField(name: name, value: $0) }
                // ASCII folding, as `lowercased()` had it for these names: no other character lowercases into theirs.
                if ASCIIFold.equal(name, "content-length") || ASCIIFold.equal(name, "transfer-encoding") {
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
            defaultContentType = MediaType.forExtension(name.lastPiece(separatedBy: ".").map(String.init) ?? "")
        default:
            break
        }
        if let defaultContentType, !headers.contains(where: { $0.hasName("content-type") }) {
            headers.append(HeaderField(name: "Content-Type", value: defaultContentType))
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

    /// Resolves a body file relative to the fixture's folder, refusing paths that leave the
    /// fixtures root, and checks it is among the regular files found when listing the tree.
    package mutating func resolveBodyFile(_ name: String, at path: JSONPath) -> String? {
        guard !name.isEmpty, !name.hasPrefix("/") else {
            report(path, "\"\(name)\" must be a path relative to the fixture's folder")
            return nil
        }
        let relative = BodyFilePath.relative(name, besideFixture: file) ?? BodyFilePath.resolved(name, besideFixture: file)
        guard let relative else {
            report(path, "\"\(name)\" leaves the fixtures folder")
            return nil
        }
        guard existingFiles.contains(relative) else {
            report(path, "body file \"\(name)\" not found (looked for \(relative))")
            return nil
        }
        return root + "/" + relative
    }
}
