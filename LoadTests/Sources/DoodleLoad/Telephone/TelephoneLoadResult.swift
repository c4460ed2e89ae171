import Foundation
import Histogram

/// What a telephone run measured.
public struct TelephoneLoadResult: Sendable, Codable, Equatable {
    public var configuration: TelephoneLoadConfiguration
    /// Games that reached `gameEnded` for every one of their players.
    public var gamesCompleted: Int
    /// Steps each completed game had, and entries its reveal showed (drawings among them).
    public var stepsPerGame: Int
    public var entriesPerGame: Int
    public var drawingsPerGame: Int
    /// Frames before a reveal that carried another chain's text or strokes, and the first one.
    public var leaks: Int
    public var firstLeak: String?
    /// From the owner's `revealNext` to the entry reaching the last member of its room, ms; and
    /// to the last member having it ready to show (a drawing's strokes fetched over HTTP).
    public var revealLatency: LatencySummary
    public var revealReadyLatency: LatencySummary
    public var errors: [String: Int]
    public var elapsedSeconds: Double
    public var serverCPUSeconds: Double?
    public var serverPeakResidentBytes: Int?

    init(
        configuration: TelephoneLoadConfiguration, rooms: [[TelephonePlayerOutcome]], elapsed: Duration, serverCPUSeconds: Double?,
        serverPeakResidentBytes: Int?
    ) {
        self.configuration = configuration
        let completed = rooms.filter { room in room.count == configuration.players && room.allSatisfy(\.gameEnded) }
        gamesCompleted = completed.count
        stepsPerGame = completed.first?.first?.steps ?? 0
        entriesPerGame = completed.first?.first?.entries ?? 0
        drawingsPerGame = completed.first?.first?.drawings ?? 0
        let players = rooms.flatMap { $0 }
        leaks = players.reduce(0) { $0 + $1.leaks }
        firstLeak = players.lazy.compactMap(\.firstLeak).first
        revealLatency = Self.latency(in: completed, of: \.entryArrivals)
        revealReadyLatency = Self.latency(in: completed, of: \.entriesReady)
        errors = Dictionary(grouping: players.flatMap(\.errors), by: { String($0.prefix(120)) }).mapValues(\.count)
        let parts = elapsed.components
        elapsedSeconds = Double(parts.seconds) + Double(parts.attoseconds) / 1e18
        self.serverCPUSeconds = serverCPUSeconds
        self.serverPeakResidentBytes = serverPeakResidentBytes
    }

    /// From each `revealNext` of a room's owner to the moment `instants` says the room's last
    /// member had the entry it showed.
    private static func latency(
        in rooms: [[TelephonePlayerOutcome]], of instants: KeyPath<TelephonePlayerOutcome, [ContinuousClock.Instant]>
    ) -> LatencySummary {
        var histogram = Histogram<UInt64>(highestTrackableValue: 120_000_000, numberOfSignificantValueDigits: .three)
        for room in rooms {
            guard let owner = room.first else { continue }
            for (index, requested) in owner.revealRequests.enumerated() {
                let arrivals = room.compactMap { $0[keyPath: instants].indices.contains(index) ? $0[keyPath: instants][index] : nil }
                guard arrivals.count == room.count, let last = arrivals.max() else { continue }
                _ = histogram.record((last - requested).clampedMicroseconds)
            }
        }
        return LatencySummary(histogram)
    }

    /// Every game completed with its whole reveal, nothing leaked, no errors.
    public var isClean: Bool {
        gamesCompleted == configuration.rooms && leaks == 0 && errors.isEmpty
            && entriesPerGame == stepsPerGame * configuration.players
    }

    public var text: String {
        let reveal = revealLatency
        var lines = [
            "Telephone: \(configuration.rooms) rooms × \(configuration.players) players, one game each, at once",
            "  games          \(gamesCompleted)/\(configuration.rooms) completed in \(String(format: "%.1f", elapsedSeconds)) s",
            "  each game      \(stepsPerGame) steps; reveal of \(entriesPerGame) entries (\(drawingsPerGame) drawings)",
            "  reveal         entry to the room's last member: p50 \(Self.ms(reveal.p50)) · p99 \(Self.ms(reveal.p99)) · max \(Self.ms(reveal.max)) ms (\(reveal.count) entries)",
            "                 ready to show there (a drawing fetched): p50 \(Self.ms(revealReadyLatency.p50)) · p99 \(Self.ms(revealReadyLatency.p99)) · max \(Self.ms(revealReadyLatency.max)) ms",
            "  leaks          \(leaks)" + (firstLeak.map { ", first: \($0)" } ?? ""),
            "  errors         " + (errors.isEmpty ? "none" : errors.sorted { $0.value > $1.value }.map { "\($0.key) ×\($0.value)" }.joined(separator: ", ")),
        ]
        if let serverCPUSeconds {
            let perGame = gamesCompleted > 0 ? serverCPUSeconds / Double(gamesCompleted) : 0
            lines.append(
                "  server         \(String(format: "%.2f", serverCPUSeconds)) CPU s in all, \(String(format: "%.3f", perGame)) CPU s per game, peak RSS \((serverPeakResidentBytes ?? 0) >> 20) MiB")
        }
        return lines.joined(separator: "\n") + "\n"
    }

    private static func ms(_ value: Double) -> String { String(format: "%.1f", value) }
}
