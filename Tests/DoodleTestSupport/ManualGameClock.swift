import DoodleServer
import NIOCore
import Synchronization

/// A clock that moves only when a test moves it. Whatever sleeps on it — the heartbeat, a
/// room's timers — wakes when `advance` reaches its deadline, so a test can play out a minute of
/// timeouts in milliseconds.
public final class ManualGameClock: GameClock {
    private struct Sleeper {
        let id: UInt64
        let deadline: Int64
        let continuation: CheckedContinuation<Void, any Error>
    }

    private struct Wake {
        let deadline: Int64
        let loop: any EventLoop
        let body: @Sendable () -> Void

        func run() { loop.execute(body) }
    }

    private struct State {
        var now: Int64
        var sleepers: [Sleeper] = []
        var wakes: [Wake] = []
        var nextId: UInt64 = 0
        /// Sleeps cancelled before they were registered.
        var cancelled: Set<UInt64> = []
    }

    private let state: Mutex<State>

    public init(now: Int64 = 1_700_000_000_000) {
        state = Mutex(State(now: now))
    }

    public func nowMillis() -> Int64 { state.withLock { $0.now } }

    /// Moves time on and wakes every sleeper (and runs every `wake`) whose deadline has come,
    /// earliest first.
    public func advance(byMillis millis: Int64) {
        let (due, wakes) = state.withLock { state -> ([Sleeper], [Wake]) in
            state.now += millis
            let now = state.now
            return (Self.takeDue(from: &state.sleepers, by: \.deadline, now: now), Self.takeDue(from: &state.wakes, by: \.deadline, now: now))
        }
        for sleeper in due { sleeper.continuation.resume() }
        for wake in wakes { wake.run() }
    }

    /// Removes and returns the items whose deadline has come, earliest first.
    private static func takeDue<Item>(from items: inout [Item], by deadline: KeyPath<Item, Int64>, now: Int64) -> [Item] {
        let due = items.filter { $0[keyPath: deadline] <= now }.sorted { $0[keyPath: deadline] < $1[keyPath: deadline] }
        items.removeAll { $0[keyPath: deadline] <= now }
        return due
    }

    public func wake(atMillis deadline: Int64, on loop: any EventLoop, _ body: @escaping @Sendable () -> Void) {
        let wake = Wake(deadline: deadline, loop: loop, body: body)
        let isDue = state.withLock { state -> Bool in
            if deadline <= state.now { return true }
            state.wakes.append(wake)
            return false
        }
        if isDue { wake.run() }
    }

    /// How many tasks sleep on this clock now.
    public var sleeperCount: Int { state.withLock { $0.sleepers.count } }

    public func sleep(untilMillis deadline: Int64) async throws {
        let id = state.withLock { state -> UInt64 in
            state.nextId += 1
            return state.nextId
        }
        try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, any Error>) in
                enum Outcome { case wait, wake, cancelled }
                let outcome = state.withLock { state -> Outcome in
                    if state.cancelled.remove(id) != nil { return .cancelled }
                    if deadline <= state.now { return .wake }
                    state.sleepers.append(Sleeper(id: id, deadline: deadline, continuation: continuation))
                    return .wait
                }
                switch outcome {
                case .wait: break
                case .wake: continuation.resume()
                case .cancelled: continuation.resume(throwing: CancellationError())
                }
            }
        } onCancel: {
            let sleeper = state.withLock { state -> Sleeper? in
                guard let index = state.sleepers.firstIndex(where: { $0.id == id }) else {
                    state.cancelled.insert(id)
                    return nil
                }
                return state.sleepers.remove(at: index)
            }
            sleeper?.continuation.resume(throwing: CancellationError())
        }
    }
}
