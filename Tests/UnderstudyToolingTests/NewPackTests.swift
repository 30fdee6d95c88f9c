import Foundation
import Testing
@testable import UnderstudyCore
@testable import UnderstudyTooling
@testable import UnderstudyContracts
@testable import UnderstudyFixtures
import UnderstudyTestSupport

/// A provider the code has never heard of needs only its pack: where its API is mounted, which
/// hosts are its own and its canonical credentials all come from the pack.
@Suite("A new pack needs no code")
struct NewPackTests {
    static let pack = """
        {"openapi": "3.1.0", "info": {"title": "Acme menus", "version": "1"},
         "paths": {"/v1/menus/{id}": {"get": {
           "operationId": "getMenu", "security": [{"key": []}],
           "parameters": [{"in": "path", "name": "id", "required": true, "schema": {"type": "string"}}],
           "responses": {"200": {"description": "A menu", "content": {"application/json": {"schema": {"type": "object"}}}},
                         "401": {"description": "No key", "content": {"application/json": {"schema": {"type": "object"}}}}}},
         "servers": [{"url": "https://images.acme.test"}]}},
         "components": {"securitySchemes": {"key": {"type": "apiKey", "in": "header", "name": "X-Acme-Key"}}},
         "x-understudy": {
           "provider": "acme", "upstream": "https://api.acme.test", "basePath": "/v1", "routes": ["/v1/"], "pathVersion": null,
           "credential": {"pattern": "^[A-Za-z-]+$", "canonical": ["FAKE-acme-key"], "missing": "noKey", "invalid": "noKey"},
           "secrets": {}, "behaviours": {},
           "errors": {"noKey": {"status": 401, "json": {"error": "no key"}}}}}
        """

    @Test func itsMountHostsAndCredentialsComeFromThePack() async throws {
        let tree = try TemporaryFixtures()
        defer { tree.remove() }
        try tree.write("contracts/acme.openapi.json", Self.pack)
        try tree.write("fixtures/acme/menu.json", fixtureJSON(path: "/v1/menus/7", response: #"{"json": {"dishes": ["pad thai"]}}"#))
        let contracts = try Contracts.load(from: tree.root + "/contracts")
        let pack = try #require(contracts.pack(named: "acme"))
        #expect(PackConsistency.findings(pack).isEmpty)

        let mount = ProviderMount(pack: pack)
        #expect(mount.baseURL == "https://api.acme.test/v1")
        let responder = Responder(fixtures: try FixtureLoader.load(from: tree.root + "/fixtures"), contracts: contracts, mount: mount)
        let key = [HeaderField(name: "X-Acme-Key", value: "FAKE-acme-key")]
        #expect(await responder.respond(to: Request(method: "GET", target: "/menus/7", headers: key)).status == 200)  // at the root
        #expect(await responder.respond(to: Request(method: "GET", target: "/v1/menus/7", headers: key)).status == 200)
        #expect(await responder.respond(to: Request(method: "GET", target: "/v1/menus/7")).status == 401)  // the pack's own answer

        let hosts = ProviderHosts(contracts: contracts)
        #expect(hosts.provider(forHost: "api.acme.test") == "acme")
        #expect(hosts.provider(forHost: "images.acme.test") == "acme")  // an operation's own server
    }

    @Test func aCanonicalCredentialMustFitThePatternAndBePlainlyFake() throws {
        let tree = try TemporaryFixtures()
        defer { tree.remove() }
        try tree.write("contracts/acme.openapi.json", Self.pack.replacingOccurrences(of: #""canonical": ["FAKE-acme-key"]"#, with: #""canonical": ["FAKE-acme-key-9", "realLookingKey"]"#))
        let error = try #require(throws: FixtureLoadError.self) { try Contracts.load(from: tree.root + "/contracts") }
        #expect(error.description.contains(#"$["x-understudy"].credential.canonical[1]"#))
        #expect(error.description.contains("plainly fake"))
        try tree.write("contracts/acme.openapi.json", Self.pack.replacingOccurrences(of: #""canonical": ["FAKE-acme-key"]"#, with: #""canonical": ["FAKE-acme-key-9"]"#))
        let pack = try #require(try Contracts.load(from: tree.root + "/contracts").pack(named: "acme"))
        #expect(PackConsistency.findings(pack).map(\.message) == ["the canonical credential FAKE-acme-key-9 does not fit the pack's pattern /^[A-Za-z-]+$/"])
    }
}
