import Foundation

/// Wall-clock time for rooms and connections. Rooms read `now` only here and pass it into the
/// pure state machine, so tests can substitute a clock.
public protocol GameClock: Sendable {
    /// Milliseconds since 1970.
    func nowMillis() -> Int64
    func sleep(untilMillis deadline: Int64) async throws
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
}
