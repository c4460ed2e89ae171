import Logging

/// What the ordinary room saw while a scenario attacked the server around it.
public struct PlayingRoomResult: Sendable, Codable, Equatable {
    public var sent: Int
    public var lost: Int
    public var outOfOrder: Int
    public var seqGaps: Int
    public var serverErrors: Int
    /// The server's `error` messages to the room's members, by code.
    public var serverErrorCodes: [String: Int]
    public var failures: [String]
    /// Drawer→guesser latency over the whole run.
    public var latency: LatencySummary

    /// Nothing lost, reordered, skipped or refused, and something was actually sent.
    public var isClean: Bool {
        sent > 0 && lost == 0 && outOfOrder == 0 && seqGaps == 0 && serverErrors == 0 && failures.isEmpty
    }

    public var summary: String {
        let codes = serverErrorCodes.sorted { $0.key < $1.key }.map { "\($0.key) \($0.value)" }.joined(separator: ", ")
        return "sent \(sent), lost \(lost), out of order \(outOfOrder), seq gaps \(seqGaps), server errors \(serverErrors)"
            + (codes.isEmpty ? "" : " (\(codes))")
            + ", stroke latency p50 \(latency.p50) ms, p99 \(latency.p99) ms, max \(latency.max) ms (\(latency.count) deliveries)"
            + (failures.isEmpty ? "" : ", failures: \(failures.joined(separator: "; "))")
    }
}

/// One ordinary room that plays while a scenario does something else to the server: its drawer
/// streams strokes to its guessers (the drawing load's `RoomDriver`, unchanged), and every member
/// checks that it got everything, once and in order.
enum PlayingRoom {
    /// Sets the room up, runs `body` while it plays, then stops the drawer, lets the members
    /// drain for up to 5 s and accounts for every message.
    static func with<T: Sendable>(
        url: String, players: Int = 4, plan: StrokePlan = StrokePlan(messagesPerSecond: 20, pointsPerBatch: 8, strokeLength: 20),
        logger: Logger, _ body: @Sendable () async throws -> T
    ) async throws -> (T, PlayingRoomResult) {
        let handle = RoomHandle(index: 0, players: players)
        let clock = LoadClock()
        let stop = StopSignal()
        let driver = RoomDriver(target: .doodle(url: url), handle: handle, plan: plan, clock: clock, stop: stop, logger: logger)
        let (outcomes, outcomeSink) = AsyncStream.makeStream(of: RoomSetupOutcome.self)
        return try await withThrowingTaskGroup(of: Void.self) { group in
            group.addTask {
                await driver.run { outcomeSink.yield($0) }
                outcomeSink.finish()
            }
            var iterator = outcomes.makeAsyncIterator()
            if case .failed(_, let reason) = await iterator.next() {
                stop.stop(drainUntil: 1)
                try await group.waitForAll()
                throw LoadError.setupFailed("the playing room: \(reason)")
            }
            let value: Result<T, any Error>
            do { value = .success(try await body()) } catch { value = .failure(error) }
            stop.stop(drainUntil: clock.nanoseconds() + 5_000_000_000)
            try await group.waitForAll()
            let window = handle.window.take()
            let totals = DrawingLoad.totals(handles: [handle])
            let result = PlayingRoomResult(
                sent: totals.sent, lost: totals.lost, outOfOrder: totals.outOfOrder, seqGaps: totals.seqGaps,
                serverErrors: totals.serverErrors, serverErrorCodes: handle.receivers.reduce(into: [:]) { codes, receiver in
                    codes.merge(receiver.totals.serverErrorCodes, uniquingKeysWith: +)
                }, failures: totals.failures, latency: LatencySummary(window.latency))
            return (try value.get(), result)
        }
    }
}
