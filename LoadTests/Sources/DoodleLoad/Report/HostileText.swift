import Foundation

extension HostileResult {
    /// The plain-text report of a hostile soak.
    public var text: String {
        let c = configuration
        var lines = ["== Hostile soak =="]
        lines.append(
            "\(c.connections) connections: \(c.seatedRooms) hostile rooms of \(c.roomSize) at \(c.seatedRate) msg/s each, \(c.breakers) "
                + "connections that come and go with closing shots; \(connections) connections opened in all")
        lines.append(String(format: "%d hostile frames in %.1f s (%.0f/s), %d setup frames", hostileFrames, seconds, Double(hostileFrames) / max(seconds, 0.001), setupFrames))
        lines.append("")
        lines.append("frames sent by kind")
        for kind in HostileKind.allCases {
            if let count = framesByKind[kind.rawValue] { lines.append("  \(pad(kind.rawValue, -34)) \(pad(count, 8))") }
        }
        lines.append("answers by error code")
        for (code, count) in errorsByCode.sorted(by: { $0.value > $1.value }) { lines.append("  \(pad(code, -34)) \(pad(count, 8))") }
        lines.append("closes by code (what led to them, a few examples)")
        for (code, count) in closesByCode.sorted(by: { $0.value > $1.value }) {
            lines.append("  \(pad(code, -34)) \(pad(count, 8))  \((closeCauses[code] ?? []).joined(separator: " | "))")
        }
        if !notClosed.isEmpty {
            lines.append("closing shots the server did not close within the wait")
            for (cause, count) in notClosed.sorted(by: { $0.key < $1.key }) { lines.append("  \(pad(count, 6))  \(cause)") }
        }
        if !seatedClosed.isEmpty {
            lines.append("seated connections closed by the server")
            for (cause, count) in seatedClosed.sorted(by: { $0.key < $1.key }) { lines.append("  \(pad(count, 6))  \(cause)") }
        }
        if !failedConnections.isEmpty { lines.append("connections that failed to open: " + failedConnections.joined(separator: "; ")) }
        if !violations.isEmpty {
            lines.append("outside the contract:")
            lines += violations.map { "  " + $0 }
        }
        lines.append("")
        lines.append("playing room: " + playingRoom.summary)
        let welcomes = welcomeMilliseconds.map { $0.map { String(format: "%.2f", $0) } ?? "not served" }
        lines.append("new clients afterwards, hello→welcome ms: \(welcomes.joined(separator: ", "))" + (welcomeMedian.map { String(format: " (median %.2f)", $0) } ?? ""))
        lines.append("server RSS: " + (memory?.summary ?? "not measured (the server is not a process of this tool)"))
        if let serverAlive { lines.append("server process alive at the end: \(serverAlive ? "yes" : "NO")") }
        lines.append(passed ? "PASS hostile soak" : "FAIL hostile soak: " + failures.joined(separator: "; "))
        return lines.joined(separator: "\n") + "\n"
    }
}
