/// The targets, checked against what a report measured. Only what was measured is checked.
public enum TargetChecks {
    public static func evaluate(_ report: LoadReport) -> [TargetCheck] {
        var checks: [TargetCheck] = []
        if let perCPU = report.doodlePerCPUSecond {
            checks.append(
                TargetCheck(
                    name: "throughput", goal: "≥ 150000 delivered/server CPU-s", measured: ReportText.int(perCPU), met: perCPU >= 150_000))
        }
        if let ratio = report.ratioToRelay {
            checks.append(
                TargetCheck(name: "vs bare relay", goal: "≥ 70%", measured: ReportText.int(ratio * 100) + "%", met: ratio >= 0.7))
        }
        if let half = report.halfLoad?.steps.last {
            checks.append(
                TargetCheck(
                    name: "p99 at half load", goal: "≤ 20 ms", measured: ReportText.ms(half.latency.p99) + " ms (\(half.rooms) rooms)",
                    met: half.latency.p99 <= 20))
        }
        checks.append(TargetCheck(name: "lost / out of order", goal: "0 / 0", measured: report.isClean ? "0 / 0" : "errors", met: report.isClean))
        if let idle = report.idle, let last = idle.points.last {
            let perSession = idle.marginalBytesPerSession ?? last.serverBytesPerSession ?? .infinity
            checks.append(
                TargetCheck(
                    name: "idle RSS/session", goal: "≤ 20 KB", measured: ReportText.int(perSession / 1000) + " KB", met: perSession <= 20_000))
            checks.append(
                TargetCheck(
                    name: "idle sessions", goal: "≥ 19000 on one process",
                    measured: idle.failures.isEmpty ? "\(last.sessions) held" : "\(idle.failures.count) failed of \(last.sessions)",
                    met: last.sessions >= 19_000 && idle.failures.isEmpty))
        }
        return checks
    }
}
