import DoodleCore
import Synchronization

/// Keeps the most recent finished drawings and games in memory. Used when the server runs
/// without a database file, and by tests that look at what rooms handed over.
final class MemoryArchive: GameArchive {
    private struct Contents {
        var drawings: [FinishedDrawing] = []
        var games: [FinishedGame] = []
    }

    private let contents = Mutex(Contents())
    private let capacity: Int

    init(capacity: Int = 1000) {
        self.capacity = capacity
    }

    func submit(_ drawing: FinishedDrawing) {
        contents.withLock { contents in
            contents.drawings.append(drawing)
            if contents.drawings.count > capacity { contents.drawings.removeFirst() }
        }
    }

    func submit(_ game: FinishedGame) {
        contents.withLock { contents in
            contents.games.append(game)
            if contents.games.count > capacity { contents.games.removeFirst() }
        }
    }

    var drawings: [FinishedDrawing] { contents.withLock { $0.drawings } }
    var games: [FinishedGame] { contents.withLock { $0.games } }
}
