import Foundation
@testable import UnderstudyCore
@testable import UnderstudyFixtures

/// A snapshot folder of its own, outside every tree; `settling: 0` trusts files written just now.
struct SnapshotCache {
    let folder = NSTemporaryDirectory() + "understudy-snapshots-" + UUID().uuidString
    var snapshots: FixtureSnapshots { FixtureSnapshots(folder: folder, settling: 0) }
    func remove() { try? FileManager.default.removeItem(atPath: folder) }
}
