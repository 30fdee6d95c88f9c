extension StringProtocol {
    /// Runs `body` over the text's UTF-8 bytes in place when they are contiguous (a native
    /// string's are), over a copy otherwise: the byte loops on every request's path, query and
    /// headers read them this way. Inlinable so that callers in other modules (the server's
    /// response encoding) get it specialized: the generic call cost 4 % of the server's user time.
    @inlinable
    package func withContiguousUTF8<Result>(_ body: (UnsafeBufferPointer<UInt8>) throws -> Result) rethrows -> Result {
        if let result = try utf8.withContiguousStorageIfAvailable(body) { return result }
        return try Array(utf8).withUnsafeBufferPointer(body)
    }
}
