import Foundation
import Testing
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// `understudy serve --fallback contract`, as a process: generated answers are the same bytes
/// after a restart, and the option says what it needs.
@Suite struct FallbackCLITests {
    static let targets = [
        "/maps/api/place/nearbysearch/json?location=48.85,2.35&radius=200&keyword=understudy&key=AIzaFAKE-understudy-test-key-0000000000",
        "/v3/businesses/understudy-0123456789abcdef",
        "/v19.0/me?fields=id,name&access_token=EAAUnderstudyLongLivedToken",
    ]

    /// Each target's status, generated mark and body from a fresh `serve` process.
    private func answers() async throws -> [(Int, String?, Data)] {
        let fixtures = CLIProcess.repositoryRoot.appendingPathComponent("fixtures").path
        let packs = CLIProcess.repositoryRoot.appendingPathComponent("contracts").path
        let server = try CLIProcess.Serving(["--fixtures", fixtures, "--contracts", packs, "--fallback", "contract"])
        defer { _ = server.stop() }
        var answers: [(Int, String?, Data)] = []
        for target in Self.targets {
            var request = URLRequest(url: URL(string: server.url.absoluteString + target)!)
            request.setValue("Bearer FAKE-understudy-yelp-api-key", forHTTPHeaderField: "Authorization")
            let (data, response) = try await URLSession.shared.data(for: request)
            let http = try #require(response as? HTTPURLResponse)
            answers.append((http.statusCode, http.value(forHTTPHeaderField: "X-Understudy-Generated"), data))
        }
        return answers
    }

    @Test func generatedAnswersAreTheSameBytesAcrossARestart() async throws {
        let first = try await answers()
        let second = try await answers()
        for (index, target) in Self.targets.enumerated() {
            #expect(first[index].0 == 200, "\(target): \(String(decoding: first[index].2, as: UTF8.self).prefix(300))")
            #expect(first[index].1 == "1", "\(target) was not generated")
            #expect(first[index].2 == second[index].2, "\(target) changed across a restart")
        }
    }

    @Test func theFallbackOptionSaysWhatItNeeds() async throws {
        let fixtures = CLIProcess.repositoryRoot.appendingPathComponent("fixtures").path
        let noPacks = try await CLIProcess.running(["serve", "--fixtures", fixtures, "--no-contracts", "--fallback", "contract", "--port", "0"])
        #expect(noPacks.status == 64)
        #expect(noPacks.stderr.contains("--fallback contract builds answers from the provider contracts"), "\(noPacks.stderr)")
        let unknown = try await CLIProcess.running(["serve", "--fixtures", fixtures, "--fallback", "sometimes", "--port", "0"])
        #expect(unknown.status == 64)
        #expect(unknown.stderr.contains("'sometimes'") && unknown.stderr.contains("miss") && unknown.stderr.contains("contract"), "\(unknown.stderr)")
    }
}
