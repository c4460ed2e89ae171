import Foundation

/// The text `doodle-bot --pair` prints: one line per progress event, a summary at the end, or JSON.
public enum PairReportFormatter {
    public static func line(for event: PairRunEvent) -> String {
        switch event {
        case .codeOpened(let pair, let code): "[pair \(pair)] pair code \(code)"
        case .paired(let pair, let pairId): "[pair \(pair)] paired: \(pairId)"
        case .unpaired(let pair): "[pair \(pair)] unpaired"
        case .violation(let pair, let bot, let violation): "[pair \(pair)] VIOLATION seen by \(bot): \(violation)"
        case .botFailed(let pair, let bot, let reason): "[pair \(pair)] \(bot) stopped: \(reason)"
        }
    }

    public static func summary(_ report: PairRunReport) -> String {
        var lines: [String] = []
        for pair in report.pairs {
            lines.append("Pair \(pair.pair) \(pair.code ?? "(no code)"): \(pair.succeeded ? "done" : "FAILED")")
            for bot in pair.bots {
                let s = bot.stats
                lines.append(
                    "  \(bot.name): sent \(s.drawingsSent), received \(s.drawingsReceived) (\(s.foundInInbox) from the inbox), "
                        + "guessed \(s.guessed), gave up \(s.gaveUp), \(s.guesses) guesses (\(s.closeGuesses) close, \(s.guessesRefused) refused as too fast), "
                        + "offline \(s.offlinePeriods)×, repeat submits \(s.repeatedSubmits), slowest drawingSent "
                        + String(format: "%.1f ms", s.slowestAcknowledgementMilliseconds))
                if let failure = bot.failure { lines.append("  \(bot.name) failed: \(failure)") }
                for violation in bot.violations { lines.append("  \(bot.name) saw a violation: \(violation)") }
            }
            for drawingId in pair.undelivered { lines.append("  never delivered: \(drawingId)") }
        }
        let failed = report.pairs.filter { !$0.succeeded }.count
        let elapsed = String(format: "%.1f", report.elapsedSeconds)
        lines.append(
            report.succeeded
                ? "All \(report.pairs.count) pair(s) sent, guessed and unpaired; \(report.drawingsSent) drawings; no violations (seed \(report.seed), \(elapsed) s)."
                : "\(failed) of \(report.pairs.count) pair(s) failed; \(report.violationCount) violation(s) (seed \(report.seed), \(elapsed) s).")
        return lines.joined(separator: "\n")
    }

    public static func json(_ report: PairRunReport) throws -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        return String(decoding: try encoder.encode(report), as: UTF8.self)
    }
}
