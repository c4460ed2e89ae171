import Foundation

#if canImport(Glibc)
import Glibc
#endif

/// Which cores this process's threads may run on, so that a capacity search keeps the
/// generator off the server's core.
public enum CorePinning {
    public struct Refused: Error, CustomStringConvertible {
        public let description: String
    }

    /// The cores the system has online.
    public static var onlineCores: Int { max(1, sysconf(Int32(_SC_NPROCESSORS_ONLN))) }

    /// Keeps every thread of this process on `cores`, through `taskset --all-tasks` (Glibc's
    /// module has no `sched_setaffinity`). Threads started later inherit the mask of the thread
    /// that starts them, and every thread has it by then.
    public static func pinThisProcess(toCores cores: [Int]) throws {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/taskset")
        process.arguments = ["--all-tasks", "--cpu-list", "--pid", cores.map(String.init).joined(separator: ","), "\(getpid())"]
        process.standardOutput = FileHandle.nullDevice
        do {
            try process.run()
        } catch {
            throw Refused(description: "cannot run taskset: \(error)")
        }
        process.waitUntilExit()
        guard process.terminationStatus == 0 else { throw Refused(description: "taskset refused cores \(cores): status \(process.terminationStatus)") }
    }

    /// Every core again.
    public static func unpinThisProcess() throws {
        try pinThisProcess(toCores: Array(0..<onlineCores))
    }
}
