import Foundation
import Testing
@testable import UnderstudyCore
@testable import UnderstudyFixtures
import UnderstudyJSON
import UnderstudySupport

@Suite("JSON Schema against Python's jsonschema")
struct SchemaDifferentialTests {
    /// Generated instances per generator schema.
    static let generatedPerSchema = 100

    @Test func handWrittenCorpusGetsTheVerdictsItsAuthorExpects() throws {
        let cases = try SchemaCorpus.handWrittenCases()
        #expect(cases.count > 200)
        for item in cases {
            let schema = try item.source.compile()
            let findings = schema.validate(item.instance)
            #expect(findings.isEmpty == item.expected, "\(describe(item, findings: findings))")
            #expect(schema.isValid(item.instance) == findings.isEmpty, "isValid and validate disagree: \(describe(item, findings: findings))")
        }
    }

    @Test(.enabled(if: PythonOracle.isAvailable || PythonOracle.isRequired, "Python's jsonschema is not available; \(PythonOracle.installHint)"))
    func verdictsAndErrorPathsAgreeWithJsonschema() throws {
        try #require(PythonOracle.isAvailable, "CI needs Python's jsonschema for this test: \(PythonOracle.installHint)")
        let cases = try SchemaCorpus.handWrittenCases() + SchemaCorpus.generatedCases(perSchema: Self.generatedPerSchema)
        let verdicts = try PythonOracle.verdicts(cases)
        var compiled: [SchemaCorpus.SchemaSource: JSONSchema] = [:]
        var disagreements = 0, uncoveredPaths = 0
        for (item, python) in zip(cases, verdicts) {
            let schema = try compiled[item.source] ?? item.source.compile()
            compiled[item.source] = schema
            let findings = schema.validate(item.instance)
            if findings.isEmpty != python.valid {
                disagreements += 1
                Issue.record("python says \(python.valid ? "valid" : "invalid"): \(describe(item, findings: findings))")
                continue
            }
            // Every error jsonschema reports is at an instance path where a finding is too. One
            // exception: jsonschema's descend() returns early for a subschema that is literally
            // `false` (properties: {"x": false}) without adding the member's path, so it reports
            // at the parent what Swift reports at the member.
            let falseSchemaPaths = findings.filter { $0.keyword == "false" }.map(\.instancePath)
            let missing = python.paths.subtracting(findings.map(\.instancePath)).filter { path in
                !falseSchemaPaths.contains { $0.hasPrefix(path) }
            }
            if !missing.isEmpty {
                uncoveredPaths += 1
                Issue.record("python reports errors at \(missing.sorted()) where Swift has none: \(describe(item, findings: findings))")
            }
        }
        let valid = verdicts.filter(\.valid).count
        let generatedValid = zip(cases, verdicts).filter { $0.expected == nil && $1.valid }.count
        print("""
            JSON Schema differential: \(cases.count) cases (\(cases.count(where: { $0.expected != nil })) hand-written, \
            \(cases.count(where: { $0.expected == nil })) generated of which \(generatedValid) valid), \
            \(valid) valid and \(cases.count - valid) invalid per jsonschema; \(disagreements) verdicts and \(uncoveredPaths) error paths differ
            """)
        #expect(cases.count > 700)
    }

    private func describe(_ item: SchemaCorpus.Case, findings: [SchemaFinding]) -> String {
        """
        \(item.label)
          schema:   \(JSONWriter.string(item.source.schema))\(item.source.root == nil ? "" : " at \(item.source.location) in its root")
          instance: \(JSONWriter.string(item.instance))
          swift:    \(findings.isEmpty ? "valid" : "invalid")\(findings.map { "\n            \($0)" }.joined())
        """
    }
}
