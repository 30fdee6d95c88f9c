import Foundation
import UnderstudyFixtures
import UnderstudySupport

extension FixtureSnapshots {
    /// Keeps the snapshot of a tree a command has just written (`import-har`'s), and with
    /// `contracts` its fixtures' forms in their terms, so that the first `serve` of the tree
    /// starts from them instead of decoding every file.
    ///
    /// Every file of such a tree changed within `settling`, so that rule would keep nothing.
    /// Instead this waits until the tree's file system clock has moved past the time of the
    /// call, and trusts the stamps earlier than that reading (`FileSystemClock`): any change
    /// made to a file after it is stamped at least as late.
    ///
    /// The tree is loaded as `serve` loads it, so a snapshot is kept only of a tree without
    /// problems (`serve` reports them as ever). Returns whether one was kept: not for a tree
    /// with a problem, one changed again meanwhile, or a clock that did not move in `patience`.
    package func keepSnapshot(ofTreeJustWritten root: String, contracts: Contracts?, patience: TimeInterval = 2.5) -> Bool {
        guard let clock = FileSystemClock.reading(after: root, patience: patience),
            let tree = try? FixtureLoader.loadTree(from: root, snapshots: trusting(stampsEarlierThan: clock)),
            tree.digest != nil
        else { return false }
        if let contracts { _ = computedForms(of: tree, in: contracts) }
        return true
    }
}
