import Foundation

/// Renders a ``LoadReport`` as a plain table for the terminal and as Markdown for
/// `LoadTests/results/LATEST.md`.
public enum ReportText {
    static let stepHeader = [
        "target", "rooms", "conns", "sent/s", "delivered/s", "p50 ms", "p90 ms", "p99 ms", "p99.9 ms", "max ms", "srv cores",
        "deliv/CPU-s", "srv RSS MiB", "conn/s", "errors",
    ]

    static func stepRow(_ target: String, _ step: StepResult) -> [String] {
        [
            target, "\(step.rooms)", "\(step.connections)", int(step.sentPerSecond), int(step.deliveredPerSecond),
            ms(step.latency.p50), ms(step.latency.p90), ms(step.latency.p99), ms(step.latency.p999), ms(step.latency.max),
            step.server.map { String(format: "%.2f", $0.cores) } ?? "-", step.server.map { int($0.deliveredPerCPUSecond) } ?? "-",
            step.server.map { mib($0.residentBytes) } ?? "-", int(step.setupConnectionsPerSecond), "\(step.errorsSoFar)",
        ]
    }

    static let totalsHeader = ["run", "sent", "deliveries", "lost", "out of order", "seq gaps", "server errors", "failures", "stopped"]

    static func totalsRow(_ name: String, _ run: DrawingRunResult) -> [String] {
        let totals = run.totals
        let redirects = run.redirectsFollowed.flatMap { $0 > 0 ? "; \($0) joins redirected" : nil } ?? ""
        return [
            name, "\(totals.sent)", "\(totals.receivedDeliveries)/\(totals.expectedDeliveries)", "\(totals.lost)", "\(totals.outOfOrder)",
            "\(totals.seqGaps)", "\(totals.serverErrors)", "\(totals.failures.count)", run.stopReason + redirects,
        ]
    }

    static let idleHeader = ["sessions", "conn/s", "server RSS MiB", "server bytes/session", "generator bytes/session"]

    static func idleRow(_ point: IdlePoint) -> [String] {
        [
            "\(point.sessions)", int(point.connectionsPerSecond), point.serverResidentBytes.map(mib) ?? "-",
            point.serverBytesPerSession.map(int) ?? "-", point.generatorBytesPerSession.map(int) ?? "-",
        ]
    }

    /// Every table of the report, each a title, a header and rows.
    static func tables(_ report: LoadReport) -> [(title: String, header: [String], rows: [[String]])] {
        var tables: [(title: String, header: [String], rows: [[String]])] = []
        var fixed: [[String]] = []
        var totals: [[String]] = []
        for (index, run) in report.doodleRuns.enumerated() {
            // A cluster run says so, and how many joins it sent to another node first.
            let name = run.target.hasPrefix("cluster") ? "\(run.target) #\(index + 1)" : "doodle #\(index + 1)"
            fixed += run.steps.map { stepRow(name, $0) }
            totals.append(totalsRow(name, run))
        }
        for (index, run) in report.relayRuns.enumerated() {
            fixed += run.steps.map { stepRow("relay #\(index + 1)", $0) }
            totals.append(totalsRow("relay #\(index + 1)", run))
        }
        if !fixed.isEmpty { tables.append(("Fixed load", stepHeader, fixed)) }
        if let ramp = report.ramp {
            tables.append(("Ramp (p99 bound \(ms(ramp.p99BoundMilliseconds)) ms)", stepHeader, ramp.run.steps.map { stepRow("doodle", $0) }))
            totals.append(totalsRow("ramp", ramp.run))
        }
        if let half = report.halfLoad {
            tables.append(("Half of the largest sustained load", stepHeader, half.steps.map { stepRow("doodle", $0) }))
            totals.append(totalsRow("half load", half))
        }
        if !totals.isEmpty { tables.append(("Delivery check (after the drain)", totalsHeader, totals)) }
        if let idle = report.idle { tables.append(("Idle sessions", idleHeader, idle.points.map(idleRow))) }
        if !report.targets.isEmpty {
            tables.append(("Targets", ["target", "goal", "measured", "met"], report.targets.map { [$0.name, $0.goal, $0.measured, $0.met ? "yes" : "NO"] }))
        }
        return tables
    }

    /// Aligned columns for a terminal.
    public static func plain(_ report: LoadReport) -> String {
        var out = "doodle-load — \(report.date)\nmachine: \(report.machine.summary)\ncommand: \(report.command)\n"
        for table in tables(report) {
            out += "\n\(table.title)\n"
            let rows = [table.header] + table.rows
            let widths = table.header.indices.map { column in rows.map { $0[column].count }.max() ?? 0 }
            for row in rows {
                out += zip(row, widths).map { $0.padding(toLength: $1, withPad: " ", startingAt: 0) }.joined(separator: "  ") + "\n"
            }
        }
        out += summary(report).map { "\n" + $0 + "\n" } ?? ""
        return out
    }

    /// The Markdown of `LATEST.md`.
    public static func markdown(_ report: LoadReport) -> String {
        var out = "# Latest full load run\n\n"
        out += "Written by `doodle-load` on each full run; see `LoadTests/README.md` for what each column means.\n\n"
        out += "- Date: \(report.date)\n- Machine: \(report.machine.summary)\n- Command: `\(report.command)`\n"
        out += "- The load generator runs on the same machine as the server and competes with it for the cores.\n"
        for table in tables(report) {
            out += "\n## \(table.title)\n\n"
            out += "| " + table.header.joined(separator: " | ") + " |\n"
            out += "|" + table.header.map { _ in "---" }.joined(separator: "|") + "|\n"
            for row in table.rows { out += "| " + row.joined(separator: " | ") + " |\n" }
        }
        if let summary = summary(report) { out += "\n" + summary + "\n" }
        return out
    }

    private static func summary(_ report: LoadReport) -> String? {
        var lines: [String] = []
        if let doodle = report.doodlePerCPUSecond { lines.append("Doodle: \(int(doodle)) delivered stroke messages per server CPU second (median).") }
        if let relay = report.relayPerCPUSecond { lines.append("Bare relay: \(int(relay)) per server CPU second (median).") }
        if let ratio = report.ratioToRelay { lines.append(String(format: "Doodle / relay: %.0f%%.", ratio * 100)) }
        if let ramp = report.ramp {
            lines.append(ramp.maxSustained.map { "Largest sustained load: \($0.rooms) rooms (\($0.connections) connections), \(int($0.deliveredPerSecond)) deliveries/s." }
                ?? "No ramp step was sustained.")
        }
        if let marginal = report.idle?.marginalBytesPerSession { lines.append("Idle session marginal cost: \(int(marginal)) bytes of server RSS each.") }
        lines.append(report.isClean ? "All runs: 0 lost, 0 out of order." : "ERRORS: some run lost, reordered or failed messages (see the delivery check).")
        return lines.joined(separator: "\n")
    }

    static func int(_ value: Double) -> String { value.isFinite ? String(Int(value.rounded())) : "-" }
    static func ms(_ value: Double) -> String { String(format: value < 10 ? "%.2f" : "%.1f", value) }
    static func mib(_ bytes: Int) -> String { String(format: "%.1f", Double(bytes) / 1_048_576) }
}
