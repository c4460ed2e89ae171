import DoodleCore
import Foundation

/// The text `doodle-bot` prints: one line per progress event, a summary at the end, or JSON.
public enum BotReportFormatter {
    public static func line(for event: BotRunEvent) -> String {
        switch event {
        case .enteredRoom(let room, let code, let created):
            created ? "[room \(room)] created \(code): invite code \(code)" : "[room \(room)] joined \(code)"
        case .progress(let room, let progress):
            progressLine(room: room, progress)
        case .violation(let room, let bot, let violation):
            "[room \(room)] VIOLATION seen by \(bot): \(violation)"
        case .botFailed(let room, let bot, let reason):
            "[room \(room)] \(bot) stopped: \(reason)"
        }
    }

    /// `[room 1 K7PQ2M] round 1/3 drawing, Bot2 draws | Bot1 0 · Bot2 120 · Bot3 95`
    public static func progressLine(room: Int, _ progress: RoomProgress) -> String {
        var state: String
        switch progress.phase {
        case .lobby: state = "lobby"
        case .gameOver: state = "game over"
        case .step: state = "step \(progress.round.map(String.init) ?? "?")/\(progress.rounds)"
        case .reveal: state = "reveal"
        case .choosing, .drawing, .turnEnd:
            state = "round \(progress.round.map(String.init) ?? "?")/\(progress.rounds) \(progress.phase.rawValue)"
            if let drawer = progress.drawerName, progress.phase != .turnEnd { state += ", \(drawer) draws" }
        }
        let scores = progress.scores.map { "\($0.name) \($0.score)" }.joined(separator: " · ")
        return "[room \(room) \(progress.code)] \(state) | \(scores)"
    }

    public static func summary(_ report: BotRunReport) -> String {
        var lines: [String] = []
        for room in report.rooms {
            let ending = room.gameId.map { "game \($0) \(room.endReason?.rawValue ?? "ended")" } ?? "no game result"
            lines.append("Room \(room.room) \(room.code ?? "(none)"): \(ending)")
            for line in room.ranking { lines.append("  \(line.rank). \(line.name)  \(line.score)") }
            for bot in room.bots {
                let stats = bot.stats
                if stats.stepsSeen > 0 {
                    // A telephone game: what each bot did; it describes drawings it cannot see.
                    let described = stats.descriptions.isEmpty ? "" : ", described drawings it cannot see as \(stats.descriptions.map { "'\($0)'" }.joined(separator: ", "))"
                    lines.append(
                        "  \(bot.name): \(stats.stepsSeen) steps, wrote \(stats.textsWritten), drew \(stats.turnsDrawn), saw \(stats.entriesRevealed) entries revealed\(described)")
                }
                if let failure = bot.failure { lines.append("  \(bot.name) failed: \(failure)") }
                for violation in bot.violations { lines.append("  \(bot.name) saw a violation: \(violation)") }
            }
        }
        let failedRooms = report.rooms.filter { !$0.succeeded }.count
        lines.append(
            report.succeeded
                ? "All \(report.rooms.count) room(s) played to the end; no violations (seed \(report.seed), \(String(format: "%.1f", report.elapsedSeconds)) s)."
                : "\(failedRooms) of \(report.rooms.count) room(s) failed; \(report.violationCount) violation(s) (seed \(report.seed)).")
        return lines.joined(separator: "\n")
    }

    public static func json(_ report: BotRunReport) throws -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        return String(decoding: try encoder.encode(report), as: UTF8.self)
    }
}
