import Foundation

/// How long a test waits for an HTTP exchange through `URLSession` before calling it lost.
///
/// A hang guard, not a speed check: the whole suite starts at once, and on a 2-core machine
/// its first 15–20 s keep both cores busy, so an exchange that needs the shared thread pool
/// (a recording proxy awaits its upstream there) can wait that long for its turn. At 20 s,
/// one run in three lost a recording exchange that way.
enum Patience {
    static let exchange: TimeInterval = 60
}
