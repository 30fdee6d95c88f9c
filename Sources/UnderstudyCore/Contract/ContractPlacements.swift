import Foundation

/// Where requests fall in the contracts, remembered by what they sent: routing a request,
/// putting it in the contract's terms and checking its parameters read only its method and
/// target (not its headers, for operations without header parameters), and an app sends the
/// same few targets again and again. A hit spares all three; the credential, quotas and page
/// tokens are still judged on every request.
///
/// A fixed number of slots, each holding the last target that hashed to it, so hostile or
/// ever-new targets cost a slot's replacement and never memory.
final class ContractPlacements: Sendable {
    /// One request's place in the contracts.
    final class Placement: Sendable {
        let method: String
        let target: String
        /// Where the request goes; `nil` when no provider's routes hold its path.
        let route: ContractRoute?
        /// What its form in the contract's terms changes (`nil`: it is its own form).
        let rewrite: ContractMatching.Rewrite?
        /// Whether the operation's parameter and rule checks surely find nothing: `false` when
        /// they find something or read the headers, and then they run for the request.
        let parametersPass: Bool

        /// Places `request` the general way.
        init(_ request: Request, in contracts: Contracts) {
            method = request.method
            target = request.target
            let route = contracts.route(request)
            self.route = route
            rewrite = route.flatMap { ContractMatching.rewrite(of: request, route: $0) }
            parametersPass = route.map { route in
                guard let operation = route.operation, !operation.readsHeaderParameters else { return false }
                return RequestChecker(route: route, request: request).parameterFinding() == nil
            } ?? false
        }

        /// `request`'s form in the contract's terms, as `ContractMatching.form(of:route:)` gives it.
        func form(of request: Request) -> (request: Request, version: String?) {
            rewrite?.form(of: request) ?? (request, nil)
        }

        /// Whether `request` has this method and target, byte for byte (equal strings may differ in bytes).
        func placed(_ request: Request) -> Bool {
            ContractPlacements.sameBytes(target, request.target) && ContractPlacements.sameBytes(method, request.method)
        }
    }

    /// How many targets are kept (a power of two).
    static let slotCount = 256
    /// Longer targets are placed every time rather than kept.
    static let maximumTargetBytes = 1024

    private let slots: [Locked<Placement?>] = (0..<ContractPlacements.slotCount).map { _ in Locked(nil) }

    /// `request`'s placement: the kept one for the same method and target (compared byte for
    /// byte), else placed now and kept.
    func placement(of request: Request, in contracts: Contracts) -> Placement {
        guard let index = Self.slot(of: request.target) else { return Placement(request, in: contracts) }
        let slot = slots[index]
        if let kept = slot.withLock({ $0 }), kept.placed(request) { return kept }
        let placed = Placement(request, in: contracts)
        slot.withLock { $0 = placed }
        return placed
    }

    /// The slot of `target`: its hash, the high half folded into the low bits that pick it;
    /// `nil` for a target longer than `maximumTargetBytes`.
    private static func slot(of target: String) -> Int? {
        hash(of: target).map { Int(truncatingIfNeeded: $0 ^ $0 >> 32) & (slotCount - 1) }
    }

    /// A hash of `target`'s bytes, to keep what it decided by; `nil` for a target longer than
    /// `maximumTargetBytes`, which is decided anew every time.
    static func hash(of target: String) -> UInt64? {
        target.withContiguousUTF8 { bytes in
            bytes.count <= maximumTargetBytes ? StableHash.words(UnsafeRawBufferPointer(bytes)) : nil
        }
    }

    /// Whether two strings have the same bytes, compared with `memcmp`.
    static func sameBytes(_ one: String, _ other: String) -> Bool {
        guard one.utf8.count == other.utf8.count else { return false }
        return one.withContiguousUTF8 { left in
            other.withContiguousUTF8 { right in left.isEmpty || memcmp(left.baseAddress!, right.baseAddress!, left.count) == 0 }
        }
    }
}
