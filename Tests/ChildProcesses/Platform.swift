// The one file of ChildProcesses that holds what differs between Linux and Apple's platforms.
import Foundation

enum Platform {
    /// Whether process `pid` has ended and waits to be reaped, as Linux's /proc tells; `false`
    /// where the system does not tell it this way.
    static func isZombie(_ pid: Int32) -> Bool {
        #if os(Linux)
        guard let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8),
            let afterName = stat.range(of: ") ", options: .backwards)
        else { return false }
        return stat[afterName.upperBound...].hasPrefix("Z")
        #else
        return false
        #endif
    }
}
