import Foundation
import UnderstudyCore
import UnderstudyFixtures
import UnderstudyContracts
import UnderstudySupport

/// An upstream that is another responder, in the process: recording from a replay of other
/// fixtures, with no socket anywhere (a test records in process this way, or one fixture set is
/// re-recorded into another with today's scrubbing).
///
/// The other responder's delays are not waited for, and an answer it would play as a fault is
/// no answer: the recording fails as it would on a broken connection.
public struct ResponderUpstream: Upstream {
    /// The responder standing in for the real provider.
    public let responder: Responder

    public init(_ responder: Responder) {
        self.responder = responder
    }

    public func send(_ request: UpstreamRequest) async throws(UpstreamFailure) -> UpstreamResponse {
        guard let schemeEnd = request.url.range(of: "://") else { throw UpstreamFailure(reason: "not a valid URL") }
        let afterScheme = request.url[schemeEnd.upperBound...]
        let target = afterScheme.firstIndex(where: { $0 == "/" || $0 == "?" }).map { String(afterScheme[$0...]) } ?? "/"
        let answer = await responder.respond(
            to: Request(method: request.method, target: target.hasPrefix("?") ? "/" + target : target, headers: request.headers, body: request.body))
        if let fault = answer.fault { throw UpstreamFailure(reason: "the connection failed (the upstream played the fault \(fault.rawValue))") }
        return UpstreamResponse(status: answer.status, headers: answer.headers, body: answer.body)
    }
}
