#if canImport(Glibc)
import Glibc
#endif

import Foundation

/// CPU time and memory of a process, read from `/proc/<pid>` (Linux only).
public struct ProcessSample: Sendable, Codable, Equatable {
    /// User plus system CPU time so far, in seconds.
    public var cpuSeconds: Double
    /// Resident set size now, in bytes (VmRSS).
    public var residentBytes: Int
    /// Peak resident set size, in bytes (VmHWM).
    public var peakResidentBytes: Int

    /// Reads the sample of `pid`; nil when `/proc` does not have it.
    public static func read(pid: Int32) -> ProcessSample? {
        guard let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8),
            let status = try? String(contentsOfFile: "/proc/\(pid)/status", encoding: .utf8),
            let ticks = cpuTicks(stat: stat)
        else { return nil }
        let ticksPerSecond = Double(sysconf(Int32(_SC_CLK_TCK)))
        return ProcessSample(
            cpuSeconds: Double(ticks) / ticksPerSecond,
            residentBytes: (kilobytes(named: "VmRSS", in: status) ?? 0) * 1024,
            peakResidentBytes: (kilobytes(named: "VmHWM", in: status) ?? 0) * 1024)
    }

    /// utime + stime: fields 14 and 15 of `/proc/<pid>/stat`, counted after the command name,
    /// which is in parentheses and may itself hold spaces.
    static func cpuTicks(stat: String) -> Int? {
        guard let close = stat.lastIndex(of: ")") else { return nil }
        let fields = stat[stat.index(after: close)...].split(separator: " ")
        // fields[0] is field 3 (state), so field n is fields[n - 3].
        guard fields.count > 12, let user = Int(fields[11]), let system = Int(fields[12]) else { return nil }
        return user + system
    }

    /// A `Name:   1234 kB` line of `/proc/<pid>/status`.
    static func kilobytes(named name: String, in status: String) -> Int? {
        for line in status.split(separator: "\n") where line.hasPrefix(name + ":") {
            let parts = line.split(whereSeparator: { $0 == " " || $0 == "\t" })
            return parts.count >= 2 ? Int(parts[1]) : nil
        }
        return nil
    }
}
