import ArgumentParser
import Foundation
import DoodleLoad

/// How the drawing load's rooms behave. The defaults are the realistic load: drawers out of
/// phase, strokes of real drawings' sizes, wrong guesses, and rooms that end and are replaced.
struct LoadShapeArguments: ParsableArguments {
    enum StrokeSizes: String, ExpressibleByArgument, CaseIterable {
        case sketched, uniform
    }

    @Option(help: "Stroke sizes: sketched (the bot's sketches, batched as a browser batches a hand: 1–3 points a message, strokes of 2–30 messages) or uniform (--points and --stroke-length).")
    var strokes = StrokeSizes.sketched
    @Option(help: "Uniform strokes: points per message.") var points = 8
    @Option(help: "Uniform strokes: messages per stroke.") var strokeLength = 20
    @Flag(help: "Every room's drawer sends at the same instant (the old yardstick: all rooms burst together); by default each room sends at its own point of the period.")
    var inPhase = false
    @Option(help: "Mean seconds between one guesser's wrong guesses, which the room sees as chat (0: nobody guesses).") var guessEvery = 12.0
    @Option(help: "Mean seconds a room lasts (each half to one and a half of it, within its one 240 s turn) before its players leave and a new room takes its place (0: rooms play until the run ends).")
    var roomLifetime = 120.0

    func validate() throws {
        guard guessEvery == 0 || (1...600).contains(guessEvery) else { throw ValidationError("--guess-every must be 0 or 1–600 seconds") }
        // A room plays one turn of 240 s (RoomDriver.settings); one and a half lifetimes must
        // end before it does, or its drawer draws on into the next player's turn.
        guard roomLifetime == 0 || (10...150).contains(roomLifetime) else {
            throw ValidationError("--room-lifetime must be 0 or 10–150 seconds: a room's longest life, 1.5 times it, must end within its 240 s turn")
        }
    }

    func plan(messagesPerSecond: Int) -> StrokePlan {
        switch strokes {
        case .sketched: .sketched(messagesPerSecond: messagesPerSecond)
        case .uniform: StrokePlan(messagesPerSecond: messagesPerSecond, pointsPerBatch: points, strokeLength: strokeLength)
        }
    }

    /// `configuration` with this shape's phase, guesses and room lifetimes.
    func applied(to configuration: DrawingLoad.Configuration) -> DrawingLoad.Configuration {
        var configuration = configuration
        configuration.phase = inPhase ? .together : .spread
        configuration.guessInterval = guessEvery > 0 ? .milliseconds(Int(guessEvery * 1_000)) : nil
        configuration.roomLifetime = roomLifetime > 0 ? .milliseconds(Int(roomLifetime * 1_000)) : nil
        return configuration
    }

    /// One line for a report: what the rooms did.
    var summary: String {
        let shape = plan(messagesPerSecond: 20).shape
        let lengths = shape.batches.map { $0.count + 1 }
        let points = shape.batches.flatMap { $0 }
        let sizes =
            (strokes == .sketched ? "sketched strokes" : "uniform strokes")
            + String(
                format: " (%d a cycle, %d–%d messages a stroke, %.1f on average; %d–%d points a message, %.2f on average)", shape.strokesPerCycle,
                lengths.min() ?? 0, lengths.max() ?? 0, shape.meanStrokeLength, points.min() ?? 0, points.max() ?? 0, shape.meanPointsPerMessage)
        let guesses = guessEvery > 0 ? "a wrong guess per guesser every \(guessEvery) s on average" : "no guesses"
        let lives = roomLifetime > 0 ? "rooms replaced after \(Int(roomLifetime)) s on average" : "rooms playing throughout"
        return "\(sizes), drawers \(inPhase ? "in phase" : "out of phase"), \(guesses), \(lives)"
    }
}
