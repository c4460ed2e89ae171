import Foundation

/// What the report says about the machine: results only mean something next to it.
public struct MachineInfo: Sendable, Codable, Equatable {
    public var cores: Int
    public var memoryBytes: UInt64
    public var cpuModel: String
    public var kernel: String
    public var descriptorLimit: Int

    public static func current(descriptorLimit: Int) -> MachineInfo {
        let cpuinfo = (try? String(contentsOfFile: "/proc/cpuinfo", encoding: .utf8)) ?? ""
        let model = cpuinfo.split(separator: "\n").first { $0.hasPrefix("model name") }
            .flatMap { $0.split(separator: ":", maxSplits: 1).last }
            .map { $0.trimmingCharacters(in: .whitespaces) } ?? "unknown"
        let kernel = ((try? String(contentsOfFile: "/proc/sys/kernel/osrelease", encoding: .utf8)) ?? "unknown")
            .trimmingCharacters(in: .whitespacesAndNewlines)
        return MachineInfo(
            cores: ProcessInfo.processInfo.activeProcessorCount, memoryBytes: ProcessInfo.processInfo.physicalMemory,
            cpuModel: model, kernel: "Linux \(kernel)", descriptorLimit: descriptorLimit)
    }

    public var summary: String {
        "\(cores) cores (\(cpuModel)), \(memoryBytes / (1 << 20)) MiB memory, \(kernel), descriptor limit \(descriptorLimit)"
    }

    /// The 1, 5 and 15 minute load averages now (`/proc/loadavg`): on a shared machine they say
    /// how much else was running.
    public static func loadAverage() -> String {
        let text = (try? String(contentsOfFile: "/proc/loadavg", encoding: .utf8)) ?? ""
        return text.split(separator: " ").prefix(3).joined(separator: " ")
    }
}
