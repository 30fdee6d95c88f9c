import Foundation

/// The repository's `contracts/` folder.
package let bundledContractsPath = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    .appendingPathComponent("contracts").path

/// The repository's `fixtures/` folder.
package let bundledFixturesPath = URL(fileURLWithPath: bundledContractsPath).deletingLastPathComponent().appendingPathComponent("fixtures").path
