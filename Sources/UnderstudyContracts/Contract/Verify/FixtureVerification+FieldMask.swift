import UnderstudyJSON
import UnderstudyFixtures

/// The field mask a fixture was recorded with, for an operation that takes one: it must name
/// fields the answer can hold, and the answer must hold no field outside it. A fixture recorded
/// with `*` works, and is warned about: it bills the top SKU and hides which fields an app reads.
extension FixtureVerification {
    package mutating func checkFieldMask(_ pack: ProviderPack, _ operation: ContractOperation, answers: [PreparedAnswer]) {
        guard let use = operation.behaviours.fieldMask, let masks = pack.behaviours.fieldMask else { return }
        let header = masks.header.lowercased()
        var recorded: (text: String, path: JSONPath)?
        if case .equals(let text)? = fixture.request.headers[header] { recorded = (text, document.requestHeaderPath(header)) }
        for name in masks.parameters where recorded == nil {
            if case .equals(let text)? = fixture.request.query[name] { recorded = (text, document.queryPath(name)) }
        }
        guard let recorded, let mask = FieldMask(recorded.text) else {
            if use == .required, answers.contains(where: \.isSuccess) {
                warn(
                    document.requestHeaderPath(header),
                    "\(operation.id) requires a field mask, and this fixture records none: it answers every mask, so a field an app asks for that the answer lacks goes unnoticed; record the mask as an exact \(masks.header) condition")
            }
            return
        }
        if let unknown = operation.maskFields?.unknownPath(in: mask) {
            report(recorded.path, "the field mask names \(unknown), which no answer of \(operation.id) holds (the provider refuses such a mask)")
        }
        if mask.isEverything {
            warn(
                recorded.path,
                "recorded with the field mask *: \(pack.billing.map { _ in "it bills the most expensive SKU, and " } ?? "")it hides which fields the app reads; record with the mask the app sends")
            return
        }
        for answer in answers where answer.isSuccess {
            guard let body = answer.body, let json = try? JSONParser.parse(body) else { continue }
            let paths = mask.segmentedPaths
            let outsidePaths = Self.members(of: json).filter { member in !paths.contains { Self.path($0, holds: member) } }
            // Only the outermost: a member outside the mask has every member below it outside too.
            let all = Set(outsidePaths)
            let outside = outsidePaths.filter { !all.contains(Array($0.dropLast())) }.map { $0.joined(separator: ".") }
            if let first = outside.first {
                report(
                    document.answerPath(answer.index),
                    "the answer holds \(outside.count == 1 ? first : "\(first) and \(outside.count - 1) more"), outside the mask it was recorded with (\(mask))")
            }
        }
    }

    /// A success answer to a request without the operation's field list (Google details without
    /// `fields`) is the provider's whole answer: it must hold the members clients tell it by.
    package mutating func checkCompleteAnswer(_ operation: ContractOperation, answers: [PreparedAnswer]) {
        guard let (parameter, members) = operation.completeAnswer else { return }
        let condition = fixture.request.query[parameter]
        guard condition == nil || condition == .absent else { return }
        for answer in answers where answer.isSuccess {
            guard let body = answer.body, let json = try? JSONParser.parse(body) else { continue }
            for pointer in members where json.at(pointer: pointer) == nil {
                warn(
                    document.answerPath(answer.index),
                    "answers \(operation.id) without \(parameter), which the provider answers whole, but lacks \(pointer): a client reads such a place as a summary; record it whole, or condition the fixture on \(parameter)")
            }
        }
    }

    /// Every member path of `value` (arrays passed through), as segments, each object member once.
    private static func members(of value: JSONValue, prefix: [String] = []) -> [[String]] {
        switch value {
        case .array(let elements):
            var seen: Set<[String]> = []
            return elements.flatMap { members(of: $0, prefix: prefix) }.filter { seen.insert($0).inserted }
        case .object(let members):
            return members.keys.sorted().flatMap { name -> [[String]] in
                [prefix + [name]] + Self.members(of: members[name]!, prefix: prefix + [name])
            }
        default:
            return []
        }
    }

    /// Whether mask path `outer` covers the member at `inner`, or lies below it (a member whose
    /// fields the mask asks for in part).
    private static func path(_ outer: [String], holds inner: [String]) -> Bool {
        for (position, segment) in outer.enumerated() {
            if segment == "*" || position == inner.count { return true }
            if inner[position] != segment { return false }
        }
        return true
    }
}
