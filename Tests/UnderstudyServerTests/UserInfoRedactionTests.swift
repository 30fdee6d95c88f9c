import Foundation
import Testing
import UnderstudyCore
import UnderstudyServer

/// A full-URL request target (`GET http://user:password@host/…`, as a proxy client sends)
/// never shows its password: not in the journal, `/unmatched` or a failure message.
@Suite("User info in full-URL targets")
struct UserInfoRedactionTests {
    @Test func thePasswordOfAFullURLTargetIsNotJournalled() async throws {
        let password = "MARKERpassword0123456789"
        let responder = Responder(fixtures: [])
        try await LiveServer.withServer(responder: responder) { server async throws in
            let miss = try await RawHTTPConnection.get(port: server.port, "http://ann:\(password)@api.yelp.com/v3/businesses/search?term=pizza&key=\(password)")
            #expect(miss.status == 404)
            #expect(!miss.text.contains(password))
            for path in ["/__understudy/journal", "/__understudy/unmatched"] {
                let answer = try await RawHTTPConnection.get(port: server.port, path)
                #expect(answer.status == 200)
                #expect(!answer.text.contains(password), "\(path): \(answer.text)")
                #expect(answer.text.contains("http://REDACTED@api.yelp.com/v3/businesses/search?term=pizza&key=REDACTED"), "\(answer.text)")
            }
            #expect(responder.journal.entries.map(\.target) == ["http://REDACTED@api.yelp.com/v3/businesses/search?term=pizza&key=REDACTED"])
        }
    }
}
