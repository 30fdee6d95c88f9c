import Testing
import UnderstudyCore

/// What the journal (and so the dashboard) shows of a request's headers and body.
@Suite("Redaction of headers and bodies")
struct RedactionTests {
    @Test func aCredentialHeaderKeepsOnlyItsScheme() {
        #expect(Redaction.headerValue(name: "Authorization", value: "Bearer abc.def-123") == "Bearer REDACTED")
        #expect(Redaction.headerValue(name: "x-goog-api-key", value: "AIzaSyLooksReal") == "REDACTED")
        #expect(Redaction.headerValue(name: "Cookie", value: "session=abc; other=def") == "REDACTED")
        #expect(Redaction.headerValue(name: "Accept", value: "application/json") == "application/json")
    }

    @Test func jsonAndFormBodiesLoseTheirSecretValuesAndOtherBodiesShowOnlyTheirSize() throws {
        let json = Redaction.body(Array(#"{"grant_type": "password", "password": "hunter22", "nested": [{"access_token": "t0ken-value"}]}"#.utf8))
        #expect(try JSONParser.parse(Array(json.utf8)) == ["grant_type": "password", "password": "REDACTED", "nested": [["access_token": "REDACTED"]]])
        #expect(Redaction.body(Array("client_id=app&client_secret=s3cr3t-value&code=abc".utf8)) == "client_id=app&client_secret=REDACTED&code=REDACTED")
        #expect(Redaction.body(Array("free text with a token-looking s3cr3t inside".utf8)) == "(44 bytes, not shown)")
        #expect(Redaction.body([0x89, 0x50, 0x4E, 0x47]) == "(4 bytes, not shown)")
        #expect(Redaction.body([]) == "")
    }
}
