import Foundation

extension SlowReaderResult {
    /// The plain-text report of a slow-reader run.
    public var text: String {
        var lines: [String] = ["== Slow readers =="]
        let c = configuration
        lines.append(
            "\(c.clients) clients, SO_RCVBUF \(c.receiveBufferBytes) B, a sync every \(Int(c.syncIntervalMilliseconds)) ms, never reading; "
                + "at most \(Int(c.durationSeconds)) s")
        for room in rooms {
            lines.append("full canvas \(room.code): \(room.points) points, roomState \(room.roomStateBytes) bytes")
        }
        lines.append("")
        lines.append("client  room    syncs  closed after  ending                          close code")
        for outcome in outcomes {
            let closed = outcome.closedAfterSeconds.map { String(format: "%9.3f s", $0) } ?? "  still open"
            let ending = outcome.failure.map { "could not start: \($0)" } ?? outcome.ending ?? "-"
            let code = outcome.closeCode.map(String.init) ?? "not seen"
            lines.append(
                "\(pad(outcome.index, 6))  \(pad(outcome.room, -6))  \(pad(outcome.syncsSent, 5))  \(closed)  "
                    + "\(pad(String(ending.prefix(30)), -30))  \(code)")
        }
        let times = outcomes.compactMap(\.closedAfterSeconds).sorted()
        if !times.isEmpty {
            lines.append(
                String(format: "closed: %d of %d; time to close median %.3f s, max %.3f s", times.count, outcomes.count, times[times.count / 2],
                    times.last ?? 0))
        } else {
            lines.append("closed: 0 of \(outcomes.count)")
        }
        lines.append("closed within \(c.closeDeadlineSeconds) s: \(closedInTime) of \(outcomes.count)")
        lines.append("\(memorySubject): " + (memory?.summary ?? "not measured (the server is not a process of this tool)"))
        if memoryCapReached { lines.append("server RSS passed the safety cap of \(c.memoryCapBytes >> 20) MiB: the slow readers were stopped early") }
        lines.append("playing room: " + playingRoom.summary)
        if let serverAlive { lines.append("server process alive at the end: \(serverAlive ? "yes" : "NO")") }
        switch serverMetrics {
        case nil: lines.append("/metrics: not reachable")
        case let metrics? where metrics.isEmpty: lines.append("/metrics: no close or queued-bytes figures on this server")
        case let metrics?: lines.append("/metrics (closes, queued bytes):"); lines += metrics.map { "  " + $0 }
        }
        lines.append(
            passed
                ? "PASS slow readers: RSS growth < \(c.memoryGrowthBound / 1_000_000) MB, every slow client closed within \(c.closeDeadlineSeconds) s, nothing lost"
                : "FAIL slow readers: " + failures.joined(separator: "; "))
        return lines.joined(separator: "\n") + "\n"
    }
}

/// `value` padded to `width` characters: on the left for a positive width, on the right for a negative one.
func pad(_ value: some CustomStringConvertible, _ width: Int) -> String {
    let text = value.description
    let fill = String(repeating: " ", count: max(0, abs(width) - text.count))
    return width >= 0 ? fill + text : text + fill
}
