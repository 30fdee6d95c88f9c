// responder-bench: the responder's own CPU per request, in process: no sockets, no HTTP, no
// second core, so a change to the responder shows without the kernel's and the other event
// loop's noise (bench/mix/run.sh measures the whole server beside nginx).
//
// usage: responder-bench FIXTURES (CONTRACTS | -) REQUESTS.tsv ROUNDS
//   REQUESTS.tsv: bench/mix/requests.tsv.sh's lines (method, target, optional "Name: value" header).
// Each round answers every line once, in turn, through one event loop's memo, as `serve` does; a
// tenth of the rounds first warm up. Yelp's quota is lifted so every answer is counted and 200.
import Foundation
import UnderstudyContracts
import UnderstudyCore
import UnderstudyFixtures

func fail(_ message: String) -> Never {
    FileHandle.standardError.write(Data("responder-bench: \(message)\n".utf8))
    exit(2)
}

let arguments = CommandLine.arguments
guard arguments.count == 5, let rounds = Int(arguments[4]), rounds > 0 else {
    fail("usage: responder-bench FIXTURES (CONTRACTS | -) REQUESTS.tsv ROUNDS")
}
let fixtures: [Fixture]
let contracts: Contracts?
do {
    fixtures = try FixtureLoader.load(from: arguments[1])
    contracts = arguments[2] == "-" ? nil : try Contracts.load(from: arguments[2])
} catch {
    fail("\(error)")
}
guard let text = try? String(contentsOfFile: arguments[3], encoding: .utf8) else { fail("cannot read \(arguments[3])") }
let requests: [(method: String, target: String, headers: [HeaderField])] = text.split(separator: "\n").enumerated().map { number, line in
    let parts = line.split(separator: "\t", omittingEmptySubsequences: false).map(String.init)
    guard parts.count >= 2 else { fail("\(arguments[3]) line \(number + 1): expected METHOD<tab>TARGET[<tab>Name: value]") }
    var headers = [HeaderField(name: "Host", value: "127.0.0.1:8080")]
    if parts.count > 2, !parts[2].isEmpty {
        guard let colon = parts[2].firstIndex(of: ":") else { fail("\(arguments[3]) line \(number + 1): a header is \"Name: value\"") }
        headers.append(HeaderField(name: String(parts[2][..<colon]), value: parts[2][parts[2].index(after: colon)...].trimmingCharacters(in: .whitespaces)))
    }
    return (parts[0], parts[1], headers)
}

let responder = Responder(fixtures: fixtures, contracts: contracts)
responder.defaultSession.setQuotaLimit(1_000_000_000, for: "yelp")
let memo = responder.makeTargetMemo()

/// Answers every request once; stops at the first answer that is not a 2xx, since a bench of
/// misses or refusals measures something else.
func round() {
    for request in requests {
        let made = memo.request(method: request.method, target: request.target, headers: request.headers, body: [], fromLoopback: true)
        let answer = responder.respondNow(to: made, memo: memo)
        guard (200..<300).contains(answer.status) else {
            fail("\(request.method) \(request.target) was not answered with a 2xx")
        }
    }
}

for _ in 0..<max(1, rounds / 10) { round() }
let clock = ContinuousClock()
let elapsed = clock.measure { for _ in 0..<rounds { round() } }
let nanoseconds = Double(elapsed.components.seconds) * 1e9 + Double(elapsed.components.attoseconds) / 1e9
print(String(format: "%.0f ns per request (%d requests)", nanoseconds / Double(rounds * requests.count), rounds * requests.count))
