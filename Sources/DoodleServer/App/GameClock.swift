import Foundation
import NIOCore

/// Wall-clock time for rooms and connections. Rooms read `now` only here and pass it into the
/// pure state machine, so tests can substitute a clock.
public protocol GameClock: Sendable {
    /// Milliseconds since 1970.
    func nowMillis() -> Int64
    func sleep(untilMillis deadline: Int64) async throws
    /// Runs `body` on `loop` once `deadline` has come, without a task: for work that belongs on
    /// the loop and comes too often for a task's two thread switches (a drawing room's lazy
    /// checkpoint, every second). There is no cancelling: `body` checks whether it is still
    /// wanted.
    func wake(atMillis deadline: Int64, on loop: any EventLoop, _ body: @escaping @Sendable () -> Void)
}

public struct SystemGameClock: GameClock {
    public init() {}

    public func nowMillis() -> Int64 {
        Int64((Date().timeIntervalSince1970 * 1000).rounded())
    }

    public func sleep(untilMillis deadline: Int64) async throws {
        let delay = deadline - nowMillis()
        if delay > 0 { try await Task.sleep(for: .milliseconds(delay)) }
    }

    public func wake(atMillis deadline: Int64, on loop: any EventLoop, _ body: @escaping @Sendable () -> Void) {
        loop.scheduleTask(in: .milliseconds(max(deadline - nowMillis(), 0)), body)
    }
}
