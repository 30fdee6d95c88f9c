import Foundation
import UnderstudyJSON
import UnderstudyFixtures
import UnderstudyContracts
import UnderstudySupport

/// An answer made from a decision, outside every lock, with what its journal entry needs. A
/// class, used by one thread: finished in place rather than copied, without the runtime's
/// exclusivity checks.
final class ProducedAnswer {
    @exclusivity(unchecked) var response: Response
    /// Who answered, for the journal.
    @exclusivity(unchecked) var answer: JournalEntry.Answer
    /// The SKU the real provider would bill the request at, when its pack prices requests.
    @exclusivity(unchecked) var charge: Charge?
    /// The delay of a fixture's answer, written once its answers are counted.
    @exclusivity(unchecked) var delay: (delay: Delay, file: String)?
    /// Whether a fixture answered (a recorder counts the requests it did not forward).
    @exclusivity(unchecked) var replayed: Bool

    init(response: Response, answer: JournalEntry.Answer, charge: Charge? = nil, replayed: Bool = false) {
        self.response = response
        self.answer = answer
        self.charge = charge
        self.replayed = replayed
    }
}

extension Responder {
    /// The answer `plan` decides, or `nil` when the recorder is to forward the request; what
    /// the answer changes (tokens it issues or revokes, page tokens) is added to `plan.effects`.
    /// Reads no session state: only the plan and the request.
    func produce(_ plan: inout DecisionPlan, for prepared: PreparedRequest, recording: Bool, sendingFiles: Bool) -> ProducedAnswer? {
        let gate = prepared.gate
        switch plan.verdict {
        case .provider(let response, let name):
            return ProducedAnswer(response: response, answer: .provider(name))
        case .generated(let outcome):
            return generated(outcome, plan: &plan, for: prepared)
        case .noFixture(let scenarioStates):
            if recording, let recorder, recorder.forwardsMisses, recorder.holds(prepared.asked) { return nil }
            var fallbackFailure: String?
            switch prepared.issuedValueAnswer ?? prepared.generator?.outcome() {
            case .unsatisfiable(let reason)?: fallbackFailure = reason
            case let outcome?: if let answer = generated(outcome, plan: &plan, for: prepared) { return answer }
            case nil: break
            }
            let form = (prepared.mounted ?? prepared.sent).matching.request
            let nearMisses = index.nearMisses(for: form, scenarioState: { scenarioStates[$0] ?? ScenarioStep.initialState })
            var report = MissReport(request: prepared.asked, nearMisses: nearMisses)
            report.fallbackFailure = fallbackFailure
            return ProducedAnswer(response: report.response, answer: .miss(nearMisses))
        case .fixture(let fixture, let matched, let position, let override):
            let chosen = fixture.responses[position]
            let operation = prepared.route?.operation
            let times = fixture.recordedAt == nil ? nil : operation.flatMap { prepared.route?.pack.times.entry(for: $0.id) }
            // A body is left in its file only when nothing below reads or changes it.
            let leavingFiles = sendingFiles && chosen.isInFile && chosen.template == nil && times == nil && chosen.dribble == nil
                && chosen.fault == nil && override?.fault == nil && gate?.readsAnswerBody != true
            var response = render(chosen, of: fixture, for: matched, now: prepared.now, leavingFiles: leavingFiles)
            if let recordedAt = fixture.recordedAt, let times, let operation {
                TimeShift.apply(times, recordedAt: recordedAt, replayedFrom: replayStart, to: &response, operation: operation.id, kept: shiftedBodies)
            }
            response.dribble = chosen.dribble
            if let status = override?.status { response.status = status }
            if let fault = override?.fault { response.fault = fault }
            gate?.after(&response, answerHolds: gate?.recordedMask(of: fixture.request), tokens: &plan.tokens, effects: &plan.effects.behaviours)
            let produced = ProducedAnswer(response: response, answer: .fixture(fixture.file), charge: gate?.charge, replayed: true)
            produced.delay = (override?.delay ?? chosen.delay ?? defaultDelay).map { ($0, fixture.file) }
            return produced
        }
    }

    /// The contract's answer, as the provider gives it; `nil` when the contract cannot answer.
    private func generated(_ outcome: GeneratedAnswer.Outcome, plan: inout DecisionPlan, for prepared: PreparedRequest) -> ProducedAnswer? {
        guard let generator = prepared.generator else { return nil }
        switch outcome {
        case .answer(var response):
            prepared.gate?.after(&response, tokens: &plan.tokens, effects: &plan.effects.behaviours)
            return ProducedAnswer(response: response, answer: .generated(generator.name), charge: prepared.gate?.charge)
        case .overBudget(let reason):
            return ProducedAnswer(response: GeneratedAnswer.refusal(reason), answer: .generated(generator.name))
        case .unsatisfiable:
            return nil
        }
    }

    /// A fixture's answer as written: its template rendered, or its body (left in its file when
    /// `leavingFiles`).
    private func render(_ response: FixtureResponse, of fixture: Fixture, for request: Request, now: Date, leavingFiles: Bool) -> Response {
        if let template = response.template {
            let context = TemplateContext(request: request, pathParameters: fixture.request.path.parameters(in: request), now: now)
            var headers = response.headers
            for (position, value) in template.headers { headers[position].value = value.renderHeader(context) }
            var body: [UInt8] = []
            switch template.body {
            case .json(let json): body = JSONWriter.bytes(json.render(context))
            case .text(let text): body = Array(text.render(context).utf8)
            case nil: if case .bytes(let bytes) = response.body { body = bytes }
            }
            if context.exceeded {
                let limit = TemplateContext.maximumRenderedBytes >> 20
                return Response.json(
                    ["understudy": [
                        "error": .string("the templated answer of \(fixture.file) would exceed \(limit) MB; its placeholders repeat too much of the request"),
                        "fixture": .string(fixture.file),
                    ]], status: 500)
            }
            return Response(status: response.status, headers: headers, body: body, fault: response.fault)
        }
        switch response.body {
        case .bytes(let bytes):
            return Response(status: response.status, headers: response.headers, body: bytes, fault: response.fault)
        case .file(let file):
            do {
                switch try bodies.answerBody(of: file, leavingFiles: leavingFiles) {
                case .bytes(let bytes): return Response(status: response.status, headers: response.headers, body: bytes, fault: response.fault)
                case .file(let body): return Response(status: response.status, headers: response.headers, fileBody: body, fault: response.fault)
                }
            } catch {
                // The file was there at load time; say which fixture lost it instead of failing silently.
                return Response.json(
                    ["understudy": ["error": .string("body file of \(fixture.file) cannot be read: \(error.reason)"), "fixture": .string(fixture.file)]],
                    status: 500)
            }
        }
    }
}
