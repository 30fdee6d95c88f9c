import UnderstudyCore
import UnderstudyContracts

extension TestServer {
    /// Fails the test, at the caller's line, if any request would be billed above `tier` by the
    /// real provider (`"Essentials"`, `"Pro"`, `"Enterprise"`, …, as the pack's billing table
    /// names its tiers; case does not matter). Google bills a Places API (New) request at the
    /// highest SKU among the fields its mask asks for: the message names each request over the
    /// budget, its SKU and the fields that raised it, so a flow's cost is a test's business.
    public func expectBilling(
        atMost tier: String,
        fileID: String = #fileID, filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column
    ) {
        let tables = (responder.contracts?.packs ?? []).compactMap(\.billing)
        guard let allowed = tables.lazy.compactMap({ $0.rank(ofTier: tier) }).first else {
            let known = Set(tables.flatMap(\.tiers)).sorted()
            FailureReporting.fail(
                "no pack prices requests in a tier \"\(tier)\"; "
                    + (known.isEmpty ? "no pack loaded has a billing table (contracts not given?)" : "tiers: " + known.joined(separator: ", ")),
                fileID: fileID, filePath: filePath, line: line, column: column)
            return
        }
        let over = journal.entries.filter { ($0.charge?.rank ?? 0) > allowed }
        guard !over.isEmpty else { return }
        let reports = over.map { entry in
            "\(entry.method) \(entry.target)\n  billed as \(entry.charge!.sku), raised by \(entry.charge!.raisedBy.joined(separator: ", "))"
        }
        FailureReporting.fail(
            "\(over.count) request\(over.count == 1 ? " is" : "s are") billed above \(tier):\n" + reports.joined(separator: "\n"),
            fileID: fileID, filePath: filePath, line: line, column: column)
    }
}
