import Foundation
import Histogram

/// What a quick-play run measured.
public struct QuickPlayLoadResult: Sendable, Codable, Equatable {
    public var configuration: QuickPlayLoadConfiguration
    public var nodes: Int
    public var seated: Int
    /// Distinct room codes the players were seated in.
    public var roomsMade: Int
    /// ceil(seated / maxPlayers): no pile-up at all.
    public var idealRooms: Int
    public var maxPlayers: Int
    /// Time to seat, milliseconds.
    public var timeToSeat: LatencySummary
    public var redirects: Int
    public var events: Int
    public var lostEvents: Int
    public var outOfOrder: Int
    /// Newcomers seated in a room someone else opened where no game could go on (`QuickPlayerOutcome.seatedInDeadRoom`).
    public var seatedInDeadRooms: Int
    /// Players that left their room mid-game (`--abandon`).
    public var abandoned: Int
    /// Players not seated, or dropped before the end, by kind.
    public var errors: [String: Int]
    public var elapsedSeconds: Double
    public var serverCPUSeconds: Double?
    public var serverPeakResidentBytes: Int?

    init(
        configuration: QuickPlayLoadConfiguration, nodes: Int, outcomes: [QuickPlayerOutcome], elapsed: Duration,
        serverCPUSeconds: Double?, serverPeakResidentBytes: Int?
    ) {
        self.configuration = configuration
        self.nodes = nodes
        var histogram = Histogram<UInt64>(highestTrackableValue: 120_000_000, numberOfSignificantValueDigits: .three)
        for seat in outcomes.compactMap(\.seatMicroseconds) { _ = histogram.record(seat) }
        timeToSeat = LatencySummary(histogram)
        let seatedOutcomes = outcomes.filter { $0.code != nil }
        seated = seatedOutcomes.count
        roomsMade = Set(seatedOutcomes.compactMap(\.code)).count
        maxPlayers = seatedOutcomes.compactMap(\.maxPlayers).max() ?? 0
        idealRooms = maxPlayers > 0 ? (seated + maxPlayers - 1) / maxPlayers : 0
        seatedInDeadRooms = outcomes.filter(\.seatedInDeadRoom).count
        abandoned = outcomes.filter(\.abandoned).count
        redirects = outcomes.reduce(0) { $0 + $1.redirects }
        events = outcomes.reduce(0) { $0 + $1.events }
        lostEvents = outcomes.reduce(0) { $0 + $1.lostEvents }
        outOfOrder = outcomes.reduce(0) { $0 + $1.outOfOrder }
        errors = Dictionary(grouping: outcomes.compactMap(\.error), by: { $0 }).mapValues(\.count)
        let parts = elapsed.components
        elapsedSeconds = Double(parts.seconds) + Double(parts.attoseconds) / 1e18
        self.serverCPUSeconds = serverCPUSeconds
        self.serverPeakResidentBytes = serverPeakResidentBytes
    }

    /// Rooms made beyond the ideal, in percent of it.
    public var roomsOverIdealPercent: Double {
        idealRooms > 0 ? Double(roomsMade - idealRooms) / Double(idealRooms) * 100 : 0
    }

    /// Every player seated, none in a dead room, nothing lost or reordered, no errors.
    public var isClean: Bool {
        seated == configuration.players && lostEvents == 0 && outOfOrder == 0 && errors.isEmpty && seatedInDeadRooms == 0
    }

    /// The issue's targets: time to seat p99 under 50 ms, rooms within 2% of the ideal.
    public var meetsTargets: Bool { timeToSeat.p99 < 50 && roomsOverIdealPercent <= 2 }

    public var text: String {
        let seat = timeToSeat
        var lines = [
            "Quick play: \(configuration.players) players at \(configuration.rate)/s on \(nodes) node(s), pack \(configuration.wordPack ?? "default"), held \(configuration.holdSeconds) s after the last arrival",
            "  seated         \(seated)/\(configuration.players)" + (redirects > 0 ? " (\(redirects) redirects followed)" : ""),
            "  rooms made     \(roomsMade), ideal \(idealRooms) (ceil(\(seated)/\(maxPlayers))): \(String(format: "%+.1f", roomsOverIdealPercent)) %",
            "  time to seat   p50 \(Self.ms(seat.p50)) · p90 \(Self.ms(seat.p90)) · p99 \(Self.ms(seat.p99)) · max \(Self.ms(seat.max)) ms (\(seat.count) seats)",
            "  room events    \(events) received, \(lostEvents) lost, \(outOfOrder) out of order",
            "  dead rooms     \(seatedInDeadRooms) newcomers seated where no game could go on"
                + (configuration.abandon > 0 ? "; \(abandoned) players left \(Int(configuration.abandon * 100)) % of the rooms mid-game" : ""),
            "  errors         " + (errors.isEmpty ? "none" : errors.sorted { $0.value > $1.value }.map { "\($0.key) ×\($0.value)" }.joined(separator: ", ")),
        ]
        if let serverCPUSeconds {
            lines.append("  server         \(String(format: "%.1f", serverCPUSeconds)) CPU s over \(String(format: "%.1f", elapsedSeconds)) s, peak RSS \((serverPeakResidentBytes ?? 0) >> 20) MiB")
        }
        lines.append("  targets        p99 < 50 ms: \(seat.p99 < 50 ? "met" : "MISSED"); rooms within 2 %: \(roomsOverIdealPercent <= 2 ? "met" : "MISSED")")
        return lines.joined(separator: "\n") + "\n"
    }

    /// Medians over repeated runs of the figures the targets are about.
    public static func mediansText(_ runs: [QuickPlayLoadResult]) -> String {
        guard runs.count > 1 else { return "" }
        func median(_ values: [Double]) -> Double {
            let sorted = values.sorted()
            return sorted.count % 2 == 1 ? sorted[sorted.count / 2] : (sorted[sorted.count / 2 - 1] + sorted[sorted.count / 2]) / 2
        }
        return "Medians of \(runs.count) runs: time to seat p50 \(ms(median(runs.map(\.timeToSeat.p50)))) · p99 \(ms(median(runs.map(\.timeToSeat.p99)))) · max \(ms(median(runs.map(\.timeToSeat.max)))) ms; rooms over ideal \(String(format: "%+.1f", median(runs.map(\.roomsOverIdealPercent)))) %; lost events \(Int(median(runs.map { Double($0.lostEvents) })))\n"
    }

    private static func ms(_ value: Double) -> String { String(format: "%.1f", value) }
}
