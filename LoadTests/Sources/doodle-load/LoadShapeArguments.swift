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
    @Option(help: """
        Mean seconds a room lasts (each half to one and a half of it) before its players leave and a new room takes its place; the \
        first rooms are met part way through their lives, as in a server that has been running (0: rooms play until the run ends). \
        Default: 1800 with --capacity, whose rooms play turn after turn (a real game's half hour); otherwise 120, at most 150 \
        (those rooms play one 240 s turn).
        """)
    var roomLifetime: Double?
    @Option(help: "Capacity: seconds of a turn (15–240); the rooms play turn after turn, each member drawing in its turn.")
    var turnSeconds = 80

    func validate() throws {
        guard guessEvery == 0 || (1...600).contains(guessEvery) else { throw ValidationError("--guess-every must be 0 or 1–600 seconds") }
        guard (15...240).contains(turnSeconds) else { throw ValidationError("--turn-seconds must be 15–240 (the rules' drawSeconds)") }
        if let roomLifetime, !(roomLifetime == 0 || (10...7_200).contains(roomLifetime)) {
            throw ValidationError("--room-lifetime must be 0 or 10–7200 seconds")
        }
    }

    /// Checks the lifetime against the rooms' game: `turnByTurn` rooms (the capacity search's)
    /// play up to ten rounds of `players` turns, the others one 240 s turn (RoomDriver.settings).
    /// A room's longest life, 1.5 times the mean, must end within it, or its drawer would draw
    /// into a turn that is not its own, or after the game.
    func validate(turnByTurn: Bool, players: Int) throws {
        let lifetime = roomLifetime(turnByTurn: turnByTurn)
        let game = turnByTurn ? Double(DrawingLoad.turnByTurnRounds * players * turnSeconds) : 240
        guard lifetime * 1.5 <= game else {
            throw ValidationError(
                "--room-lifetime \(Int(lifetime)): a room's longest life (1.5 times it) must end within its game of \(Int(game)) s"
                    + (turnByTurn ? " (\(DrawingLoad.turnByTurnRounds) rounds of \(players) turns of \(turnSeconds) s)" : " (one turn; --capacity rooms play turn after turn)"))
        }
    }

    func roomLifetime(turnByTurn: Bool) -> Double {
        roomLifetime ?? (turnByTurn ? 1_800 : 120)
    }

    func plan(messagesPerSecond: Int) -> StrokePlan {
        switch strokes {
        case .sketched: .sketched(messagesPerSecond: messagesPerSecond)
        case .uniform: StrokePlan(messagesPerSecond: messagesPerSecond, pointsPerBatch: points, strokeLength: strokeLength)
        }
    }

    /// `configuration` with this shape's phase, guesses, room lifetimes and, for `turnByTurn`
    /// rooms, turns.
    func applied(to configuration: DrawingLoad.Configuration, turnByTurn: Bool = false) -> DrawingLoad.Configuration {
        var configuration = configuration
        configuration.phase = inPhase ? .together : .spread
        configuration.guessInterval = guessEvery > 0 ? .milliseconds(Int(guessEvery * 1_000)) : nil
        let lifetime = roomLifetime(turnByTurn: turnByTurn)
        configuration.roomLifetime = lifetime > 0 ? .milliseconds(Int(lifetime * 1_000)) : nil
        configuration.turnLength = .seconds(turnSeconds)
        return configuration
    }

    /// One line for a report: what the rooms did.
    func summary(turnByTurn: Bool) -> String {
        let shape = plan(messagesPerSecond: 20).shape
        let lengths = shape.batches.map { $0.count + 1 }
        let points = shape.batches.flatMap { $0 }
        let sizes =
            (strokes == .sketched ? "sketched strokes" : "uniform strokes")
            + String(
                format: " (%d a cycle, %d–%d messages a stroke, %.1f on average; %d–%d points a message, %.2f on average)", shape.strokesPerCycle,
                lengths.min() ?? 0, lengths.max() ?? 0, shape.meanStrokeLength, points.min() ?? 0, points.max() ?? 0, shape.meanPointsPerMessage)
        let guesses = guessEvery > 0 ? "a wrong guess per guesser every \(guessEvery) s on average" : "no guesses"
        let lifetime = roomLifetime(turnByTurn: turnByTurn)
        let lives = lifetime > 0 ? "rooms replaced after \(Int(lifetime)) s on average" : "rooms playing throughout"
        let turns = turnByTurn ? ", turns of \(turnSeconds) s one after another" : ", one turn a room"
        return "\(sizes), drawers \(inPhase ? "in phase" : "out of phase"), \(guesses), \(lives)\(turns)"
    }
}
