import UnderstudyJSON
import UnderstudyFixtures
import UnderstudySupport
/// Where an operation's answers and declarations are, for the verifier's findings and coverage.
extension ContractOperation {
    /// Where the operation sits in its pack: `$.paths["/v3/businesses/search"].get`.
    package var documentPath: JSONPath {
        JSONPath.root.appending("paths").appending(path.text).appending(method.lowercased())
    }
}
