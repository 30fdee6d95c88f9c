// The one file of these tests that holds what differs between Linux and Apple's platforms.
import Foundation

enum TestPlatform {
    /// A file whose size `fstat` reports smaller than what reading it gives (Linux's /proc files
    /// report 0): the same path through `FileBytes.read` as a file that grew after `fstat`.
    /// `nil` where the system has none.
    static var fileLongerThanItsReportedSize: (path: String, firstLinePrefix: String, lastLinePrefix: String)? {
        #if os(Linux)
        ("/proc/self/status", "Name:", "\nnonvoluntary_ctxt_switches:")
        #else
        nil
        #endif
    }
}
