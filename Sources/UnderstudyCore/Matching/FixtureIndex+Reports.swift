import UnderstudyFixtures

extension FixtureIndex {
    /// The fixtures closest to matching `request`, each with the conditions it failed, a body
    /// shown as every report shows it: credentials redacted (`Redaction.body(of:)`).
    package func nearMisses(
        for request: Request, limit: Int = 3, scenarioState: (String) -> String = { _ in ScenarioStep.initialState }
    ) -> [NearMiss] {
        nearMisses(for: request, limit: limit, scenarioState: scenarioState, showingBody: Redaction.body(of:))
    }
}

extension RequestPattern {
    /// Every condition `request` fails, a body shown as every report shows it.
    package func mismatches(for request: Request) -> [Mismatch] {
        mismatches(for: request, showingBody: Redaction.body(of:))
    }
}
