// The one file of these tests that holds what differs between Linux and Apple's platforms:
// a stream socket's type (Glibc imports it as an enum), sending without SIGPIPE (Linux has a
// send flag, Darwin a socket option) and a process's resident memory (Linux's /proc).
import Foundation
#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#endif

enum TestPlatform {
    /// A new TCP socket that never raises SIGPIPE; -1 on failure.
    static func streamSocket() -> Int32 {
        #if canImport(Darwin)
        let fd = socket(AF_INET, SOCK_STREAM, 0)
        var on: Int32 = 1
        if fd >= 0 { setsockopt(fd, SOL_SOCKET, SO_NOSIGPIPE, &on, socklen_t(MemoryLayout<Int32>.size)) }
        return fd
        #else
        return socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        #endif
    }

    /// The flags for `send` that keep a closed peer from raising SIGPIPE.
    static var sendWithoutSignal: Int32 {
        #if canImport(Darwin)
        0  // SO_NOSIGPIPE is set on the socket instead
        #else
        Int32(MSG_NOSIGNAL)
        #endif
    }

    /// Resident memory of process `pid` in MB (`VmRSS`, or the peak: `VmHWM`); `nil` where the
    /// system does not report it this way (Linux's /proc only).
    static func residentMB(_ pid: Int32, field: String = "VmRSS") -> Double? {
        #if os(Linux)
        guard let status = try? String(contentsOfFile: "/proc/\(pid)/status", encoding: .utf8),
            let line = status.split(separator: "\n").first(where: { $0.hasPrefix(field + ":") }),
            let kilobytes = Double(line.split(separator: " ").dropFirst().first ?? "")
        else { return nil }
        return kilobytes / 1024
        #else
        return nil
        #endif
    }
}
