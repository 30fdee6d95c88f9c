import Foundation
import UnderstudyCore
import UnderstudyTooling
import UnderstudyServer
#if !os(Linux)
import UnderstudyURLSession
#endif

/// The upstream `understudy record` uses on this platform (`RecordCommand.upstream`): the
/// recording tests go through it, not through a client of their own.
func recordingUpstream(timeout: TimeInterval) -> any Upstream {
    #if os(Linux)
    CurlUpstream(timeout: timeout)
    #else
    URLSessionUpstream(timeout: timeout)
    #endif
}
