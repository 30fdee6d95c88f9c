import NIOConcurrencyHelpers
import NIOCore

/// One value per event loop of a server, made for a loop when its first connection asks:
/// state a loop's connections share without a lock on their way.
final class PerEventLoop<Value: Sendable>: Sendable {
    private let values = NIOLockedValueBox([ObjectIdentifier: Value]())
    private let make: @Sendable (any EventLoop) -> Value

    init(_ make: @escaping @Sendable (any EventLoop) -> Value) {
        self.make = make
    }

    /// `loop`'s value.
    func value(for loop: any EventLoop) -> Value {
        values.withLockedValue { values in
            if let value = values[ObjectIdentifier(loop)] { return value }
            let value = make(loop)
            values[ObjectIdentifier(loop)] = value
            return value
        }
    }
}
