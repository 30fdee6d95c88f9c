// responder-bench: the responder's own CPU per request, in process: no sockets, no HTTP, no
// second core, so a change to the responder shows without the kernel's and the other event
// loop's noise (bench/mix/run.sh measures the whole server beside nginx).
//
// usage: responder-bench FIXTURES (CONTRACTS | -) REQUESTS.tsv ROUNDS
//   REQUESTS.tsv: bench/mix/requests.tsv.sh's lines (method, target, then any "Name: value" headers
//   and, in a column starting with `{`, a JSON body; bench/responder/google-new-apis.tsv).
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
let requests: [(method: String, target: String, headers: [HeaderField], body: [UInt8])] = text.split(separator: "\n").enumerated().map { number, line in
    let parts = line.split(separator: "\t", omittingEmptySubsequences: false).map(String.init)
    guard parts.count >= 2 else { fail("\(arguments[3]) line \(number + 1): expected METHOD<tab>TARGET[<tab>Name: value…][<tab>{JSON body}]") }
    var headers = [HeaderField(name: "Host", value: "127.0.0.1:8080")]
    var body: [UInt8] = []
    for column in parts.dropFirst(2) where !column.isEmpty {
        if column.hasPrefix("{") {
            body = Array(column.utf8)
            continue
        }
        guard let colon = column.firstIndex(of: ":") else { fail("\(arguments[3]) line \(number + 1): a header is \"Name: value\"") }
        headers.append(HeaderField(name: String(column[..<colon]), value: column[column.index(after: colon)...].trimmingCharacters(in: .whitespaces)))
    }
    return (parts[0], parts[1], headers, body)
}

let responder = Responder(fixtures: fixtures, contracts: contracts)
for provider in ["yelp", "places", "routes"] { responder.defaultSession.setQuotaLimit(1_000_000_000, for: provider) }
let memo = responder.makeTargetMemo()

/// Answers every request once; stops at the first answer that is not a 2xx, since a bench of
/// misses or refusals measures something else.
func round() {
    for request in requests {
        let made = memo.request(method: request.method, target: request.target, headers: request.headers, body: request.body, fromLoopback: true)
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
