import Testing
import UnderstudyCore
import UnderstudyFixtures

/// What the journal (and so the dashboard) shows of a request's headers.
@Suite("Redaction of header values")
struct RedactionTests {
    @Test func aCredentialHeaderKeepsOnlyItsScheme() {
        #expect(Redaction.headerValue(name: "Authorization", value: "Bearer abc.def-123") == "Bearer REDACTED")
        #expect(Redaction.headerValue(name: "x-goog-api-key", value: "AIzaSyLooksReal") == "REDACTED")
        #expect(Redaction.headerValue(name: "Cookie", value: "session=abc; other=def") == "REDACTED")
        #expect(Redaction.headerValue(name: "Accept", value: "application/json") == "application/json")
    }
}
