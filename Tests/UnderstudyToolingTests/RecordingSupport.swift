import Foundation
@testable import UnderstudyCore
@testable import UnderstudyTooling
@testable import UnderstudyFixtures
import UnderstudySupport

/// An upstream that answers from a closure and remembers every request it was sent; it can
/// hold its answers until a test opens its gate.
final class StubUpstream: Upstream {
    let requests = Locked([UpstreamRequest]())
    private let answer: @Sendable (UpstreamRequest) -> Result<UpstreamResponse, UpstreamFailure>
    private let gate: Gate?

    init(gate: Gate? = nil, _ answer: @escaping @Sendable (UpstreamRequest) -> Result<UpstreamResponse, UpstreamFailure>) {
        self.answer = answer
        self.gate = gate
    }

    func send(_ request: UpstreamRequest) async throws(UpstreamFailure) -> UpstreamResponse {
        requests.withLock { $0.append(request) }
        await gate?.wait()
        return try answer(request).get()
    }

    /// A JSON answer.
    static func json(_ text: String, status: Int = 200, headers: [HeaderField] = []) -> Result<UpstreamResponse, UpstreamFailure> {
        .success(UpstreamResponse(
            status: status, headers: [HeaderField(name: "Content-Type", value: "application/json; charset=UTF-8")] + headers, body: Array(text.utf8)))
    }
}

/// Holds callers until opened.
actor Gate {
    private var isOpen = false
    private var waiting: [CheckedContinuation<Void, Never>] = []

    func wait() async {
        if isOpen { return }
        await withCheckedContinuation { waiting.append($0) }
    }

    func open() {
        isOpen = true
        for continuation in waiting { continuation.resume() }
        waiting.removeAll()
    }
}

/// A request as a client sends it.
func clientRequest(_ target: String, method: String = "GET", headers: [(String, String)] = [], body: String = "") -> Request {
    Request(method: method, target: target, headers: headers.map { HeaderField(name: $0.0, value: $0.1) }, body: Array(body.utf8))
}

/// What the responder answers when no fixture matches.
let missAnswer = Response(status: 404, headers: [HeaderField(name: MissReport.headerName, value: "1")])

/// Every byte of every file below `root`, hidden files included, by relative path.
func everyFile(under root: String) -> [String: [UInt8]] {
    Dictionary(uniqueKeysWithValues: DirectoryWalker.list(under: root, includeHidden: true).files.map { ($0, (try? FileBytes.read(root + "/" + $0)) ?? []) })
}

/// Whether `needle` occurs in `haystack`.
func contains(_ haystack: [UInt8], _ needle: String) -> Bool {
    let pattern = Array(needle.utf8)
    guard !pattern.isEmpty, haystack.count >= pattern.count else { return false }
    return (0...(haystack.count - pattern.count)).contains { start in haystack[start..<(start + pattern.count)].elementsEqual(pattern) }
}

extension Recorder {
    /// What the client gets when a recording responder hands this recorder `request`: the
    /// recorder's answer, or the miss report when it does not forward the request.
    func answer(_ request: Request) async -> Response {
        await record(request).response ?? missAnswer
    }
}
