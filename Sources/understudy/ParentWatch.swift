import Foundation

/// `UNDERSTUDY_PARENT_PID=PID`: the command stops as on SIGTERM (cleanly, exit 0) once that
/// process has ended, so a server a test run or a CI script started does not outlive it when
/// that run is killed without a chance to stop its children.
///
/// Checked every half second on a thread of its own, only when the variable is set: a process
/// whose parent ends is given to another, so its parent's id changes. The variable must name
/// the command's parent: naming any other process stops the command at once.
enum ParentWatch {
    static let variable = "UNDERSTUDY_PARENT_PID"

    static func start(environment: [String: String] = ProcessInfo.processInfo.environment) {
        guard let text = environment[variable], let parent = Int32(text), parent > 1 else { return }
        let thread = Thread {
            while Platform.parentProcessID == parent { Thread.sleep(forTimeInterval: 0.5) }
            Platform.terminateSelf()
        }
        thread.stackSize = 64 << 10
        thread.start()
    }
}
