import UnderstudyJSON
import UnderstudyFixtures
import UnderstudyContracts

extension AdminAPI {
    /// `PUT /__understudy/dialog/{provider}` with `{"user": "continues" | "cancels" | null}`:
    /// what the user of the provider's authorization dialog does in this session.
    func setDialogUser(_ provider: String, body: [UInt8]) -> Response {
        guard responder.contracts?.pack(named: provider)?.behaviours.authorizationDialog != nil else {
            let known = responder.contracts?.packs.filter { $0.behaviours.authorizationDialog != nil }.map { JSONValue.string($0.provider) } ?? []
            return .json(["understudy": ["error": .string("no loaded contract gives \"\(provider)\" an authorization dialog"), "providers": .array(known)]], status: 404)
        }
        let choices = DialogUser.allCases.map { "\"\($0.rawValue)\"" }.joined(separator: ", ")
        let usage = JSONValue.string("expected a JSON body {\"user\": U} with U one of \(choices), or null for the consent page")
        guard case .object(let members)? = try? JSONParser.parse(body), members.count == 1, let value = members["user"] else {
            return .json(["understudy": ["error": usage]], status: 400)
        }
        let user: DialogUser?
        switch value {
        case .null: user = nil
        case .string(let text):
            guard let chosen = DialogUser(rawValue: text) else { return .json(["understudy": ["error": usage]], status: 400) }
            user = chosen
        default: return .json(["understudy": ["error": usage]], status: 400)
        }
        session.setDialogUser(user, for: provider)
        return .json(["provider": .string(provider), "user": user.map { .string($0.rawValue) } ?? .null])
    }
}
