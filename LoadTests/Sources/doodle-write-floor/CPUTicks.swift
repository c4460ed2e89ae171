import Foundation

/// One CPU's busy and total time from /proc/stat, in clock ticks. Unlike a thread's CPU clock it
/// counts whatever ran there: other processes on a shared machine, and the kernel's softirq work
/// for loopback traffic, which need not be charged to any of our threads. A CPU near 100% busy
/// is saturated, whoever's the work.
struct CPUTicks {
    var busy: UInt64
    var total: UInt64

    init?(cpu: Int) {
        guard let text = try? String(contentsOfFile: "/proc/stat", encoding: .utf8) else { return nil }
        let prefix = "cpu\(cpu) "
        guard let line = text.split(separator: "\n").first(where: { $0.hasPrefix(prefix) }) else { return nil }
        // user nice system idle iowait irq softirq steal; the guest fields are already in user.
        let fields = line.split(separator: " ").dropFirst().prefix(8).compactMap { UInt64($0) }
        guard fields.count == 8 else { return nil }
        total = fields.reduce(0, +)
        busy = total - fields[3] - fields[4]
    }

    /// The share of the time since `earlier` the CPU was busy, 0–1.
    func busyFraction(since earlier: CPUTicks) -> Double {
        let total = self.total &- earlier.total
        return total == 0 ? 0 : Double(busy &- earlier.busy) / Double(total)
    }
}
