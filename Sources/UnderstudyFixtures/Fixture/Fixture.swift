import Foundation
import UnderstudySupport

/// One recorded interaction: the conditions a request must meet, and what to answer.
///
/// A fixture is one JSON file under `fixtures/<provider>/`; the format (version 1) is
/// documented in `docs/fixtures.md`. Fixtures are immutable once loaded; per-fixture state
/// such as the position in a sequence lives in the responder. A class, so the index hands out
/// references instead of copying every field on each request.
public final class Fixture: Sendable {
    /// The current (and only) format version, the value of the `understudy` member.
    public static let formatVersion = 1

    /// The file, relative to the fixtures root (`yelp/search-pizza.json`): the fixture's identity.
    public let file: String
    /// The provider whose API this fixture stands in for (`yelp`, `google`, `facebook`, `feed`).
    public let provider: String
    /// An optional human description.
    public let name: String?
    /// Breaks ties between equally specific matches: higher wins. Default 0.
    public let priority: Int
    /// What a request must satisfy.
    package let request: RequestPattern
    /// The answers: one, or a sequence played in order by repeated matching requests, the
    /// last one repeating.
    package let responses: [FixtureResponse]
    /// The fixture's place in a named scenario, if any.
    package let scenario: ScenarioStep?
    /// How specific the fixture is: its request conditions and a required scenario state.
    public let specificity: Int
    /// When the answers were recorded (`recordedAt`): the absolute times the provider's pack
    /// lists in them are moved by as long as the server's clock is past it.
    package let recordedAt: Date?
    /// When set, the first of `responses` is the provider's answer to a request made too
    /// early (a page token not valid yet): to one within these seconds of the previous answer
    /// on the same path. A request on time skips it (see `Responder.answerTiming`).
    package let tooEarlyWithin: Double?

    package init(
        file: String, provider: String, name: String?, priority: Int, request: RequestPattern, responses: [FixtureResponse],
        scenario: ScenarioStep? = nil, recordedAt: Date? = nil, tooEarlyWithin: Double? = nil
    ) {
        self.recordedAt = recordedAt
        self.tooEarlyWithin = tooEarlyWithin
        self.file = file
        self.provider = provider
        self.name = name
        self.priority = priority
        self.request = request
        self.responses = responses
        self.scenario = scenario
        specificity = request.specificity + (scenario?.specificity ?? 0)
    }
}
