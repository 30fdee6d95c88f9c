import Foundation
import Testing
@testable import UnderstudyCore
@testable import UnderstudyContracts
@testable import UnderstudyFixtures
import UnderstudyTestSupport

/// The token behaviours of issue 40 as a pack states them (`tokenExpiry.revocation`,
/// `tokenExpiry.permissions`, the introspection's new members, `appSecretProof`): read from the
/// bundled Graph pack, and refused with a located problem when a pack gets them wrong.
@Suite struct TokenBehaviourLoadingTests {
    @Test func theGraphPackStatesTheTokenBehaviours() throws {
        let facebook = try #require(try Contracts.load(from: bundledContractsPath).pack(named: "facebook"))
        let expiry = try #require(facebook.behaviours.tokenExpiry)
        #expect(expiry.issuers.map(\.from) == ["fb_exchange_token"])
        #expect(expiry.dataAccessSeconds == TimeInterval(90 * 86_400))
        #expect(expiry.revocation?.operations == ["revokeMyPermissions"])
        #expect(expiry.revocation?.revoked == "tokenRevoked")
        let permissions = try #require(expiry.permissions)
        #expect(permissions.revokeOperation == "revokeMyPermission" && permissions.parameter == "permission")
        #expect(permissions.listOperation == "getMyPermissions" && permissions.items == "/data" && permissions.declinedStatus == "declined")
        #expect(permissions.fields == ["getMe": ["email": ["email"]]])
        let introspection = try #require(expiry.introspection)
        #expect(Set(introspection.set.map(\.field)) == Set(PackBehaviours.TokenExpiry.Introspection.Field.allCases))
        #expect(introspection.subject == "/data/user_id")
        #expect(introspection.whenRevoked.map(\.pointer) == ["/data/error"])
        let proof = try #require(facebook.behaviours.appSecretProof)
        #expect(proof.parameter == "appsecret_proof" && proof.secret == "FAKE-understudy-app-secret" && !proof.required)
        // The operations whose answers the token state changes, decided when the pack loads.
        let effects = Set(facebook.operations.filter(\.behaviours.tokenEffects).map(\.id))
        #expect(effects == ["revokeMyPermissions", "revokeMyPermission", "getMyPermissions", "getMe"])
        #expect(PackConsistency.findings(facebook).isEmpty)
    }

    @Test(arguments: [
        (#""revoked": "tokenRevoked""#, #""revoked": "tokenGone""#, #"no answer named "tokenGone""#),
        (#""invalid": "appSecretProofInvalid""#, #""invalid": "proofWrong""#, #"no answer named "proofWrong""#),
        (#""operation": "revokeMyPermission""#, #""operation": "revokeMyPermision""#, #"no operation with operationId "revokeMyPermision""#),
        (#""/data/issued_at": "issuedAt""#, #""/data/issued_at": "issued""#, #"expected one of "isValid", "expiresAt", "issuedAt", "dataAccessExpiresAt""#),
        (#""dataAccessSeconds": 7776000"#, #""dataAccessSeconds": 0"#, "expected a number of seconds above 0"),
        ("\"required\": false,\n        \"secret\"", "\"required\": \"no\",\n        \"secret\"", "expected true or false"),
        (#""items": "/data""#, #""items": "data""#, #""data" is not a JSON pointer (it must start with /)"#),
    ])
    func aWrongTokenBehaviourIsRefusedWhereItIs(_ text: String, _ replacement: String, _ message: String) throws {
        let problems = try problemsLoadingBundledPack("facebook.openapi.json", editing: [(text, replacement)])
        #expect(problems.contains { $0.message.contains(message) }, "\(problems.map(\.message))")
    }

    @Test func aPermissionParameterTheRevokeDoesNotTakeIsAFinding() throws {
        let folder = try TemporaryFixtures()
        defer { folder.remove() }
        let pack = try String(contentsOfFile: bundledContractsPath + "/facebook.openapi.json", encoding: .utf8)
        try folder.write("facebook.openapi.json", pack.replacingOccurrences(of: #""parameter": "permission""#, with: #""parameter": "scope""#))
        let facebook = try #require(try Contracts.load(from: folder.root).pack(named: "facebook"))
        #expect(PackConsistency.findings(facebook).map(\.message) == ["scope is no path parameter of revokeMyPermission"])
    }

    /// RFC 4231's test case 2 (key "Jefe"), and Graph's proof of the canonical long-lived token
    /// under the canonical app secret (Python's hmac module gives the same).
    @Test func theProofIsHMACSHA256InHex() throws {
        let proof = try #require(try Contracts.load(from: bundledContractsPath).pack(named: "facebook")?.behaviours.appSecretProof)
        let rfc4231 = "5bdcc146bf60754e6a042426089575c75a003f089d2739839dec58b964ec3843"
        #expect(PackBehaviours.AppSecretProof.proof(of: "what do ya want for nothing?", secret: "Jefe") == rfc4231)
        #expect(proof.holds(rfc4231, for: "what do ya want for nothing?", secret: "Jefe"))
        #expect(proof.holds(rfc4231.uppercased(), for: "what do ya want for nothing?", secret: "Jefe"))
        let canonical = "e44e8ab6f6afc2f578e03df321c515673936e9713ecece0a3fdc4aadb6722994"
        #expect(PackBehaviours.AppSecretProof.proof(of: "EAAUnderstudyLongLivedToken", secret: "FAKE-understudy-app-secret") == canonical)
        for wrong in [String(canonical.dropLast()), canonical + "0", String(canonical.dropLast()) + "5", "", String(repeating: "g", count: 64)] {
            #expect(!proof.holds(wrong, for: "EAAUnderstudyLongLivedToken", secret: "FAKE-understudy-app-secret"), "\(wrong)")
        }
        #expect(!proof.holds(canonical, for: "EAAUnderstudyLongLivedToken", secret: "FAKE-understudy-other-secret"))
    }
}
