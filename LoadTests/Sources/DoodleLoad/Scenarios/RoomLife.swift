import DoodleCore

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

    /// One guesser's wrong guesses, one every `guessInterval` on average: the first after 0 to
    /// 1 of it, then each after 0.5 to 1.5 of it, so a room's guesses do not line up. Each
    /// guess comes from a generator seeded by the room, the guesser and the guess's number, so
    /// the schedule is the same in every run and its timer keeps no state.
    struct WrongGuesser: Sendable {
        let mean: Duration
        private let seed: UInt64

        init(room: Int, guesser: Int, mean: Duration) {
            self.mean = mean
            seed = UInt64(truncatingIfNeeded: room &* 31 &+ guesser) &* 1_000_003
        }

        var firstDelay: Duration {
            var random = SeededRandom(seed: seed)
            return mean * Double.random(in: 0...1, using: &random)
        }

        /// Guess number `count` (from 0) and the time until the next.
        func guess(_ count: Int) -> (text: String, next: Duration) {
            var random = SeededRandom(seed: seed &+ UInt64(truncatingIfNeeded: count &+ 1))
            let text = RoomLife.wrongGuesses[Int.random(in: 0..<RoomLife.wrongGuesses.count, using: &random)]
            return (text, mean * Double.random(in: 0.5...1.5, using: &random))
        }
    }

    func wrongGuesser(room: Int, guesser: Int) -> WrongGuesser? {
        guessInterval.map { WrongGuesser(room: room, guesser: guesser, mean: $0) }
    }

    /// The one word of every drawing-load room (one custom word, offered alone).
    static let word = "loadtest"

    /// Guesses that never match the load's `word` nor come close to it.
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

    /// Waits until the run stops or, if the room has a lifetime, until that has passed; then
    /// ends the room, giving its receivers `life.drain` to get what was sent.
    func endRoom(after life: RoomLife, clock: LoadClock) async {
        let end = life.lifetime.map { ContinuousClock.now + $0 }
        while !run.isStopping {
            let now = ContinuousClock.now
            if let end, now >= end {
                room.stop(drainUntil: clock.nanoseconds() + life.drain.clampedNanoseconds)
                return
            }
            try? await Task.sleep(for: min(.milliseconds(250), end.map { $0 - now } ?? .milliseconds(250)))
        }
    }
}
