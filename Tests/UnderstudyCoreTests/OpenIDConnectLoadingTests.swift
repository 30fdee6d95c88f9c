import Foundation
import Testing
@testable import UnderstudyContracts
@testable import UnderstudyCore
@testable import UnderstudyFixtures
import UnderstudyJSON
@testable import UnderstudySupport
import UnderstudyTestSupport

/// `behaviours.openIDConnect` as the Graph pack states it, and each mistake in it refused where it is.
@Suite("OpenID Connect behaviour loading")
struct OpenIDConnectLoadingTests {
    @Test func theGraphPackStatesLimitedLogin() throws {
        let facebook = try #require(try Contracts.load(from: bundledContractsPath).pack(named: "facebook"))
        let openID = try #require(facebook.behaviours.openIDConnect)
        #expect(openID.issuer == "https://www.facebook.com")
        #expect(openID.document["jwks_uri"]?.stringValue == "https://www.facebook.com/.well-known/oauth/openid/jwks/")
        #expect(openID.audience == "138483919580948" && openID.lifetime == 3600 && openID.keyBits == 2048)
        #expect(openID.role(of: "getOpenIDConfiguration") == .discovery && openID.role(of: "getOpenIDKeys") == .keys)
        #expect(openID.role(of: "uninstallLimitedLogin") == .uninstall && openID.role(of: "getMe") == nil)
        #expect(openID.userOperation == "getMe" && openID.userClaims.first { $0.claim == "sub" }?.pointer == "/id")
        #expect(openID.uninstall?.tokenField == "id_token" && openID.uninstall?.appField == "app_id")
        #expect(facebook.secrets.query.contains("id_token") && facebook.secrets.json.contains("id_token"))
        // The uninstall path is under the profile pictures' /platform/ route, yet its own operation.
        let contracts = try Contracts.load(from: bundledContractsPath)
        #expect(contracts.route(method: "POST", path: "/platform/uninstall/")?.operation?.id == "uninstallLimitedLogin")
        #expect(contracts.route(method: "GET", path: "/platform/profilepic/")?.operation?.id == "profilePicture")
        #expect(contracts.route(method: "GET", path: "/.well-known/oauth/openid/jwks/")?.operation?.id == "getOpenIDKeys")
    }

    @Test(arguments: [
        (#""bits": 2048"#, #""bits": 1024"#, "expected 2048, 3072 or 4096"),
        (#""lifetimeSeconds": 3600"#, #""lifetimeSeconds": 0"#, "expected seconds, more than 0 and at most a year"),
        (#""done": "limitedLoginUninstalled""#, #""done": "uninstallDone""#, #"no answer named "uninstallDone""#),
        (#""operation": "getOpenIDKeys""#, #""operation": "getOpenIDKey""#, #"no operation with operationId "getOpenIDKey""#),
        (#""sub": "/id""#, #""sub": "id""#, #"expected a JSON pointer into the answer ("/id"), got "id""#),
        (#""issuer": "https://www.facebook.com""#, #""issuerURL": "https://www.facebook.com""#, #"missing "issuer""#),
        (#""tokenField": "id_token""#, #""tokenfield": "id_token""#, #"missing "tokenField""#),
    ])
    func aWrongOpenIDBehaviourIsRefusedWhereItIs(_ text: String, _ replacement: String, _ message: String) throws {
        let problems = try problemsLoadingBundledPack("facebook.openapi.json", editing: [(text, replacement)])
        let found = problems.first { $0.message.contains(message) }
        #expect(found != nil, "\(problems.map(\.message))")
        #expect(found?.path.map { "\($0)" }?.contains("openIDConnect") == true, "\(String(describing: found?.path))")
    }

    @Test func base64URLRoundTripsAndRefusesStandardBase64() throws {
        let bytes: [UInt8] = [0xFB, 0xFF, 0x3E, 0x00, 0x01]
        #expect(Base64URL.encode(bytes) == "-_8-AAE")
        #expect(Base64URL.decode("-_8-AAE") == bytes)
        #expect(Base64URL.decode("-_8-AAE=") == bytes)
        #expect(Base64URL.decode("+/8+AAE") == nil)
        #expect(Base64URL.decode("A") == nil)
        #expect(Base64URL.decode("QQ=A") == nil)
        // "AQ" is the byte 1; "AR" sets unused bits and would spell it too.
        #expect(Base64URL.decode("AQ") == [1] && Base64URL.decode("AR") == nil)
    }
}

/// `verify`'s cross-checks of `openIDConnect` against the contract.
@Suite("OpenID Connect behaviour consistency")
struct OpenIDConnectConsistencyTests {
    @Test func theBundledPackAgreesWithItself() throws {
        let facebook = try #require(try Contracts.load(from: bundledContractsPath).pack(named: "facebook"))
        #expect(OpenIDConsistency.findings(facebook).isEmpty)
    }

    @Test func aDocumentOutsideTheSchemaIsAFinding() throws {
        let folder = try TemporaryFixtures()
        defer { folder.remove() }
        let pack = try String(contentsOfFile: bundledContractsPath + "/facebook.openapi.json", encoding: .utf8)
        try folder.write("facebook.openapi.json", pack.replacingOccurrences(of: #""response_types_supported": ["#, with: #""response_types": ["#))
        let facebook = try #require(try Contracts.load(from: folder.root).pack(named: "facebook"))
        let messages = OpenIDConsistency.findings(facebook).map(\.message)
        #expect(messages.count == 1 && messages.first?.hasPrefix("getOpenIDConfiguration answers this document:") == true, "\(messages)")
        #expect(messages.first?.contains("response_types_supported") == true, "\(messages)")
    }
}
