import Foundation
import Histogram
import Synchronization

/// What the widgets saw: latencies of 304s and of full pictures (microseconds), and errors.
final class WidgetStats: Sendable {
    private struct State {
        var notModified = Histogram<UInt64>(highestTrackableValue: 60_000_000, numberOfSignificantValueDigits: .three)
        var full = Histogram<UInt64>(highestTrackableValue: 60_000_000, numberOfSignificantValueDigits: .three)
        var errors: [String: Int] = [:]
    }

    private let state = Mutex(State())

    func record(notModified latency: Duration) { state.withLock { _ = $0.notModified.record(latency.clampedMicroseconds) } }
    func record(full latency: Duration) { state.withLock { _ = $0.full.record(latency.clampedMicroseconds) } }
    func recordError(_ error: String) { state.withLock { $0.errors[String(error.prefix(80)), default: 0] += 1 } }

    func result(players: Int, seconds: Double) -> WidgetPollingResult {
        state.withLock { state in
            WidgetPollingResult(
                players: players, seconds: seconds, notModified: LatencySummary(state.notModified), full: LatencySummary(state.full),
                errors: state.errors)
        }
    }
}

public struct WidgetPollingResult: Sendable, Codable {
    public var players: Int
    public var seconds: Double
    public var notModified: LatencySummary
    public var full: LatencySummary
    public var errors: [String: Int]

    public var requests: UInt64 { notModified.count + full.count }
    public var isClean: Bool { errors.isEmpty }

    public var text: String {
        func line(_ name: String, _ summary: LatencySummary) -> String {
            String(
                format: "  %@: %llu answers, p50 %.3f ms, p90 %.3f ms, p99 %.3f ms, max %.3f ms\n", name, summary.count, summary.p50,
                summary.p90, summary.p99, summary.max)
        }
        var text = String(format: "widgets: %d players polling for %.1f s, %.0f requests/s\n", players, seconds, Double(requests) / seconds)
        text += line("304 Not Modified", notModified)
        text += line("200 with a PNG", full)
        text += errors.isEmpty ? "  errors: none\n" : "  errors: \(errors)\n"
        return text
    }
}
