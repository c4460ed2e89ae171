/// What a room of the drawing load does besides its drawer's strokes.
struct RoomLife: Sendable {
    /// Where in the drawing period the room's drawer sends (0 to 1 of it): rooms with
    /// different phases send at different instants, as real rooms do.
    var phase = 0.0
    /// The room ends after this long, its players leaving; nil: it plays until the run stops.
    var lifetime: Duration?
    /// Mean time between one guesser's wrong guesses; nil: nobody guesses.
    var guessInterval: Duration?
    /// How long an ended room's receivers may wait for what was sent.
    var drain: Duration = .seconds(5)

    /// Guesses that never match the load's word ("loadtest") nor come close to it.
    static let wrongGuesses = ["apple", "house", "tree", "boat", "cloud", "star", "moon", "fish", "sun", "kite", "a cat?", "is it a car"]
}

/// Stops a room's drawer, guessers and receivers when the run stops or the room's own time is up.
struct RoomEnding: Sendable {
    let run: StopSignal
    let room = StopSignal()

    var isStopping: Bool { run.isStopping || room.isStopping }

    func drainExpired(now: UInt64) -> Bool {
        run.drainExpired(now: now) || room.drainExpired(now: now)
    }
}
