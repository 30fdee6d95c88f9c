import UnderstudyFixtures
import UnderstudySupport
/// The index `serve` matches requests in (`Responder.matchingIndex(reusing:contracts:)`),
/// begun before the packs are loaded: the forms kept for the tree are read, and its fixtures
/// filed in them, on a thread of their own while the packs load (filing them is one core's
/// work, and loading the packs leaves a core free). They are used only when they were kept for
/// the packs that loaded; otherwise the forms are computed, and kept, as they would have been.
package struct PreparedMatchingIndex: Sendable {
    private let tree: LoadedTree
    private let snapshots: FixtureSnapshots
    private let prepared: Pending<(index: FixtureIndex, kept: FixtureSnapshots.Kept)?>

    package init(tree: LoadedTree, snapshots: FixtureSnapshots) {
        self.tree = tree
        self.snapshots = snapshots
        prepared = Pending { snapshots.keptForms(of: tree).map { (tree.index.inForm($0.forms), $0) } }
    }

    /// The index to match in under `contracts` (none: the fixtures as written).
    package func finish(contracts: Contracts?) -> FixtureIndex {
        guard let contracts else { return tree.index }
        let prepared = prepared.wait()
        if let prepared, prepared.kept.suit(contracts) { return prepared.index }
        return tree.index.inForm(snapshots.computedForms(of: tree, in: contracts))
    }
}
