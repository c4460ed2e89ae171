import Foundation

/// The figures of a restart run, per stop and at the end.
public struct RestartResult: Sendable {
    public struct StopFigures: Sendable {
        public var how: RestartableServer.Stop
        public var players: Int
        public var resumed: Int
        public var newEpochs: Int
        /// From the server listening again to a player's `roomState` (for a cluster, from the
        /// stop of the node that hosted the room), milliseconds.
        public var resumeP50: Double
        public var resumeP99: Double
        public var resumeMax: Double
        /// The drawers' messages applied before the stop that the restored canvases lack: all
        /// rooms together, and the most in one room.
        public var lostMessages: Int
        public var lostMostInARoom: Int
        /// How long the server took from the stop to listening again (its restore included);
        /// nil for a cluster, which never stopped as a whole.
        public var downFor: Duration?
    }

    /// Whether the run was of two nodes of a cluster, a node stopped at each stop.
    public var cluster: Bool

    public var rooms: Int
    public var playersPerRoom: Int
    public var rate: Int
    public var stops: [StopFigures]
    /// Players that saw the final turn end once, more than once, or never.
    public var turnEndedOnce: Int
    public var turnEndedTwice: Int
    public var turnEndedNever: Int
    /// Rooms whose drawer the archive holds one drawing of, more than one (a turn archived
    /// twice), none, or whose drawings could not be read.
    public var archivedOnce = 0
    public var archivedTwice = 0
    public var archivedNever = 0
    public var archiveUnread = 0
    public var failures: [String]
    /// The servers' log files (one per node), for a run that failed.
    public var serverLogs: [String] = []

    init(
        configuration: RestartScenario.Configuration, rooms records: [RestartRoomRecord], timeline: RestartTimeline.Snapshot, cluster: Bool,
        archived: [String: Int?]
    ) {
        self.cluster = cluster
        for record in records {
            switch record.drawerId.flatMap({ archived[$0] ?? nil }) {
            case 1: archivedOnce += 1
            case let count? where count > 1: archivedTwice += 1
            case 0: archivedNever += 1
            default: archiveUnread += 1
            }
        }
        rooms = configuration.rooms
        playersPerRoom = configuration.players
        rate = configuration.plan.messagesPerSecond
        var stops: [StopFigures] = []
        for (number, stop) in timeline.stops.enumerated() {
            let resumes = records.flatMap { $0.players.compactMap { number < $0.count ? $0[number] : nil } }
            let times = resumes.compactMap(\.took).map { Double($0.components.attoseconds) / 1e15 + Double($0.components.seconds) * 1000 }.sorted()
            let lost = records.compactMap { number < $0.lostMessages.count ? $0.lostMessages[number] : nil }
            func percentile(_ p: Double) -> Double {
                guard !times.isEmpty else { return 0 }
                return times[min(times.count - 1, Int((Double(times.count) * p).rounded(.up)) - 1)]
            }
            stops.append(
                StopFigures(
                    how: stop.0, players: configuration.rooms * configuration.players, resumed: times.count,
                    newEpochs: resumes.filter(\.newEpoch).count, resumeP50: percentile(0.5), resumeP99: percentile(0.99),
                    resumeMax: times.last ?? 0, lostMessages: lost.reduce(0, +), lostMostInARoom: lost.max() ?? 0,
                    downFor: !cluster && number < timeline.restarts.count ? timeline.restarts[number] - stop.1 : nil))
        }
        self.stops = stops
        let ends = records.flatMap(\.turnEnds)
        turnEndedOnce = ends.filter { $0 == 1 }.count
        turnEndedTwice = ends.filter { $0 > 1 }.count
        turnEndedNever = configuration.rooms * configuration.players - turnEndedOnce - turnEndedTwice
        failures = (timeline.failure.map { [$0] } ?? []) + records.flatMap { record in record.failures.map { "room \(record.index): \($0)" } }
    }

    /// Every player back after every stop, nothing lost after a graceful stop, at most
    /// `checkpointMillis` of strokes after a kill, and the last turn ended once for everyone.
    public func failure(checkpointMillis: Int) -> String? {
        if let first = failures.first { return first }
        let allowed = Int((Double(checkpointMillis) / 1000 * Double(rate)).rounded(.up)) + 1
        for stop in stops {
            if stop.resumed < stop.players { return "after \(stop.how.rawValue) only \(stop.resumed) of \(stop.players) players came back" }
            if stop.newEpochs < stop.players { return "after \(stop.how.rawValue) \(stop.players - stop.newEpochs) players saw the old epoch" }
            if stop.how == .graceful && stop.lostMessages > 0 { return "\(stop.lostMessages) strokes' messages lost after a graceful stop" }
            if stop.how == .kill && stop.lostMostInARoom > allowed {
                return "a room lost \(stop.lostMostInARoom) messages after kill -9, more than \(allowed) (checkpointMillis \(checkpointMillis))"
            }
        }
        if archivedTwice > 0 { return "\(archivedTwice) rooms' turn was archived more than once" }
        if archivedNever + archiveUnread > 0 { return "\(archivedNever + archiveUnread) rooms' turn is not in the archive" }
        if turnEndedTwice > 0 { return "\(turnEndedTwice) players saw the last turn end twice" }
        if turnEndedNever > 0 { return "\(turnEndedNever) players never saw the last turn end" }
        return nil
    }

    public var text: String {
        var lines = [
            "restart during load\(cluster ? ", two nodes" : ""): \(rooms) rooms × \(playersPerRoom) players, drawers at \(rate) messages/s"
        ]
        for (number, stop) in stops.enumerated() {
            let down = stop.downFor.map { String(format: "%.2f s", Double($0.components.seconds) + Double($0.components.attoseconds) / 1e18) } ?? "-"
            let what =
                cluster
                ? "the rooms' node stopped, they moved to the other; " + "resumed \(stop.resumed)/\(stop.players), new epoch \(stop.newEpochs); "
                    + String(format: "time to resume after the stop p50 %.0f ms, p99 %.0f ms, max %.0f ms; ", stop.resumeP50, stop.resumeP99, stop.resumeMax)
                : "server down \(down) (stop, wait, start, restore); " + "resumed \(stop.resumed)/\(stop.players), new epoch \(stop.newEpochs); "
                    + String(format: "time to resume after listening p50 %.0f ms, p99 %.0f ms, max %.0f ms; ", stop.resumeP50, stop.resumeP99, stop.resumeMax)
            lines.append(
                "  stop \(number + 1) (\(stop.how.rawValue)): " + what
                    + "drawers' applied messages lost \(stop.lostMessages) (most in one room \(stop.lostMostInARoom))")
        }
        lines.append("  last turn: ended once for \(turnEndedOnce), twice for \(turnEndedTwice), never for \(turnEndedNever)")
        lines.append(
            "  drawings archived per room: once \(archivedOnce), twice or more \(archivedTwice), never \(archivedNever)"
                + (archiveUnread > 0 ? ", unreadable \(archiveUnread)" : ""))
        for failure in failures.prefix(10) { lines.append("  failure: \(failure)") }
        return lines.joined(separator: "\n")
    }
}
