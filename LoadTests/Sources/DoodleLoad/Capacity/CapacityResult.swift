import Foundation

/// One capacity search: rooms added step by step against one server until a step breaks the
/// bound; the capacity is the largest step that kept it.
public struct CapacityResult: Sendable, Codable, Equatable {
    /// `doodle` or `relay`.
    public var target: String
    /// The server's event loops, and the cores it and the generator were kept on (nil: all).
    public var eventLoops: Int
    public var serverCores: [Int]?
    public var generatorCores: [Int]?
    public var p99BoundMilliseconds: Double
    /// What the rooms did (``DrawingLoad/Configuration``), in words.
    public var shape: String
    public var run: DrawingRunResult
    /// The largest step within the bound, nothing lost, drawers keeping up; nil if none was.
    public var capacity: StepResult?

    public init(
        target: String, eventLoops: Int, serverCores: [Int]?, generatorCores: [Int]?, p99BoundMilliseconds: Double, shape: String,
        run: DrawingRunResult
    ) {
        self.target = target
        self.eventLoops = eventLoops
        self.serverCores = serverCores
        self.generatorCores = generatorCores
        self.p99BoundMilliseconds = p99BoundMilliseconds
        self.shape = shape
        self.run = run
        capacity = run.steps.last { Self.failure(of: $0, p99Bound: p99BoundMilliseconds) == nil }
        // Whatever was lost shows only after the drain: then no step of the run vouches for it.
        if !run.totals.isClean { capacity = nil }
    }

    /// Why `step` does not count as held, or nil if it does.
    public static func failure(of step: StepResult, p99Bound: Double) -> String? {
        if step.errorsSoFar > 0 { return "errors at \(step.rooms) rooms" }
        if step.latency.p99 > p99Bound { return String(format: "p99 %.1f ms over %.0f ms at %d rooms", step.latency.p99, p99Bound, step.rooms) }
        if !step.drawersKeptUp { return "drawers fell behind at \(step.rooms) rooms" }
        return nil
    }

    /// Resident memory per player at capacity: all of the server's, and what it gained over idle.
    public var residentBytesPerPlayer: (all: Double, aboveIdle: Double?)? {
        guard let capacity, let resident = capacity.server?.residentBytes, capacity.connections > 0 else { return nil }
        let players = Double(capacity.connections)
        return (Double(resident) / players, run.serverIdleResidentBytes.map { Double(resident - $0) / players })
    }

    private func percent(_ part: Double, of whole: Double) -> Double {
        whole > 0 ? part / whole * 100 : 0
    }

    public var text: String {
        var lines: [String] = []
        let cores = { (list: [Int]?) in list.map { "core \($0.map(String.init).joined(separator: ","))" } ?? "any core" }
        lines.append(
            "capacity search, \(target): \(eventLoops) event loop(s), server on \(cores(serverCores)), generator on \(cores(generatorCores)); "
                + "\(run.playersPerRoom) players a room, drawer at \(run.messagesPerSecondPerDrawer)/s; \(shape)")
        // "drawing": the share of the drawers' ticks that sent (the rest fell between turns);
        // "on time": that share with the ticks between turns, which the search needs at 95%.
        lines.append(
            "  rooms players   p99 ms   max ms  delivered/s  chat/s  server cores  per CPU-s  RSS MiB  generator cores  rooms started  drawing  on time")
        for step in run.steps {
            lines.append(
                String(
                    format: "  %5d %7d %8.1f %8.1f %12.0f %7.0f %13.2f %10.0f %8.1f %16.2f %14d %7.1f%% %7.1f%%", step.rooms, step.connections,
                    step.latency.p99, step.latency.max, step.deliveredPerSecond, step.chatLinesDeliveredPerSecond, step.server?.cores ?? 0,
                    step.server?.deliveredPerCPUSecond ?? 0, Double(step.server?.residentBytes ?? 0) / 1_048_576, step.generatorCores ?? 0,
                    step.roomsStarted, percent(step.sentPerSecond, of: step.targetSentPerSecond),
                    percent(step.sentPerSecond + step.ticksBetweenTurnsPerSecond, of: step.targetSentPerSecond)))
        }
        lines.append("  stopped: \(run.stopReason)")
        let totals = run.totals
        lines.append(
            "  delivery check: \(totals.receivedDeliveries)/\(totals.expectedDeliveries) strokes delivered, lost \(totals.lost), "
                + "out of order \(totals.outOfOrder), seq gaps \(totals.seqGaps), server errors \(totals.serverErrors), rooms played \(run.roomsPlayed ?? 0), "
                + "turns drawn \(run.turnsDrawn ?? 0)"
                + (totals.failures.isEmpty ? "" : "; failures: \(totals.failures.joined(separator: "; "))"))
        if let capacity {
            var line = String(
                format: "  capacity: %d rooms = %d players at p99 %.1f ms; %.0f deliveries/s; server %.2f cores, %.0f deliveries per CPU-s",
                capacity.rooms, capacity.connections, capacity.latency.p99, capacity.deliveredPerSecond + capacity.chatLinesDeliveredPerSecond,
                capacity.server?.cores ?? 0, capacity.server?.deliveredPerCPUSecond ?? 0)
            if let memory = residentBytesPerPlayer {
                line += String(format: "; RSS %.1f KB a player", memory.all / 1_000)
                if let above = memory.aboveIdle { line += String(format: " (%.1f KB above idle)", above / 1_000) }
            }
            lines.append(line)
        } else {
            lines.append("  capacity: no step held the bound" + (run.totals.isClean ? "" : " (deliveries were lost)"))
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// The median capacity of several searches of one kind, in rooms.
    public static func medianRooms(_ results: [CapacityResult]) -> Int? {
        let rooms = results.map { $0.capacity?.rooms ?? 0 }.sorted()
        return rooms.isEmpty ? nil : rooms[rooms.count / 2]
    }
}
