import DoodleClient
import DoodleCore
import Logging

/// Memory per active room at a given canvas (docs/performance.md): opens `rooms` rooms in their
/// drawing phase (a drawer and a second player each), samples the server's RSS, has every drawer
/// draw `points` points, samples again, and divides the growth by the number of rooms.
///
/// Every room draws at once, so the server holds all the canvases together when it is sampled:
/// the difference is what a room's drawing costs, its board, record and replay buffer with the
/// allocator's slack, not a single room's peak.
public struct CanvasMemory: Sendable {
    public struct Configuration: Sendable, Codable {
        public var rooms: Int
        /// Points on each canvas when drawn.
        public var points: Int
        /// Points per drawing message (8 is what the drawing load sends, 256 the contract's most).
        public var pointsPerMessage: Int
        /// Drawing messages per second per drawer: under the contract's 120.
        public var messagesPerSecond: Int
        /// Messages per stroke, the `strokeBegin` included.
        public var messagesPerStroke: Int

        public init(rooms: Int, points: Int, pointsPerMessage: Int = 8, messagesPerSecond: Int = 90, messagesPerStroke: Int = 20) {
            self.rooms = rooms
            self.points = points
            self.pointsPerMessage = pointsPerMessage
            self.messagesPerSecond = messagesPerSecond
            self.messagesPerStroke = messagesPerStroke
        }

        /// Why the contract would refuse some of the drawing, or nil: a drawing holds at most
        /// 100,000 points and 2,000 strokes, a message 1–256 points, and a drawer sends at most
        /// 120 messages a second.
        public var violation: String? {
            guard (1...100_000).contains(points) else { return "a canvas holds 1–100,000 points" }
            guard (1...256).contains(pointsPerMessage) else { return "a message carries 1–256 points" }
            guard (1...120).contains(messagesPerSecond) else { return "a drawer sends at most 120 messages a second" }
            guard messagesPerStroke >= 2 else { return "a stroke needs a strokeBegin and a strokeEnd" }
            let strokes = CanvasPlan(points: points, pointsPerMessage: pointsPerMessage, messagesPerStroke: messagesPerStroke).strokes
            guard strokes <= 2_000 else { return "\(strokes) strokes: a drawing holds at most 2,000" }
            return nil
        }
    }

    public let configuration: Configuration
    public let url: String
    public let probe: @Sendable () -> ProcessSample?
    public let logger: Logger

    public init(configuration: Configuration, url: String, probe: @escaping @Sendable () -> ProcessSample?, logger: Logger) {
        self.configuration = configuration
        self.url = url
        self.probe = probe
        self.logger = logger
    }

    /// What a room's task tells the coordinator.
    private enum Progress: Sendable {
        case ready
        case drawn(points: Int)
        case failed(String)
    }

    public func run(settle: Duration = .seconds(3)) async throws -> CanvasMemoryResult {
        if let violation = configuration.violation { throw LoadError.invalidConfiguration(violation) }
        let (progress, report) = AsyncStream.makeStream(of: Progress.self)
        var gates: [AsyncStream<Void>.Continuation] = []
        var gateStreams: [AsyncStream<Void>] = []
        for _ in 0..<configuration.rooms {
            let (stream, continuation) = AsyncStream.makeStream(of: Void.self)
            gateStreams.append(stream)
            gates.append(continuation)
        }
        guard let start = probe() else { throw LoadError.setupFailed("the server's memory cannot be read") }
        return try await withThrowingTaskGroup(of: Void.self) { group in
            for (index, gate) in gateStreams.enumerated() {
                group.addTask { await room(index: index, gate: gate, report: { report.yield($0) }) }
            }
            var updates = progress.makeAsyncIterator()
            try await awaitAll(.ready, from: &updates)
            try await Task.sleep(for: settle)
            guard let empty = probe() else { throw LoadError.setupFailed("the server's memory cannot be read") }
            logger.info("rooms open; drawing", metadata: ["rooms": "\(configuration.rooms)", "rss": "\(empty.residentBytes)"])
            for gate in gates { gate.yield() }
            let points = try await awaitAll(.drawn(points: 0), from: &updates)
            try await Task.sleep(for: settle)
            guard let drawn = probe() else { throw LoadError.setupFailed("the server's memory cannot be read") }
            for gate in gates { gate.finish() }
            try await group.waitForAll()
            return CanvasMemoryResult(
                configuration: configuration, startResidentBytes: start.residentBytes, emptyRoomsResidentBytes: empty.residentBytes,
                drawnResidentBytes: drawn.residentBytes, pointsPerRoom: points)
        }
    }

    /// Waits until every room reported `stage`; the points the rooms' `roomState`s counted, fewest first.
    @discardableResult
    private func awaitAll(_ stage: Progress, from updates: inout AsyncStream<Progress>.Iterator) async throws -> [Int] {
        var points: [Int] = []
        var count = 0
        while count < configuration.rooms {
            guard let update = await updates.next() else { throw LoadError.setupFailed("a room ended without reporting") }
            switch (update, stage) {
            case (.failed(let reason), _):
                throw LoadError.setupFailed(reason)
            case (.ready, .ready):
                count += 1
            case (.drawn(let drawn), .drawn):
                points.append(drawn)
                count += 1
            case (.ready, _), (.drawn, _):
                throw LoadError.setupFailed("a room reported out of turn")
            }
        }
        return points.sorted()
    }

    /// One room: opens it, waits for the gate, draws, counts its canvas, then holds it open until
    /// the gate closes.
    private func room(index: Int, gate: AsyncStream<Void>, report: @Sendable (Progress) -> Void) async {
        do {
            let configuration = DoodleClient.Configuration(recordsTranscript: false)
            try await DoodleClient.withConnection(to: url, configuration: configuration, logger: logger) { drawer in
                try await DoodleClient.withConnection(to: url, configuration: configuration, logger: logger) { partner in
                    _ = try await FullCanvasRoom.openTurn(drawer: drawer, partner: partner, index: index)
                    report(.ready)
                    var signals = gate.makeAsyncIterator()
                    guard await signals.next() != nil else { return }
                    try await draw(on: drawer, dropping: partner)
                    report(.drawn(points: try await FullCanvasRoom.countPoints(drawer: drawer, index: index)))
                    _ = partner.takeBufferedFrames()
                    while await signals.next() != nil {}
                }
            }
        } catch {
            report(.failed("room \(index): \(error)"))
        }
    }

    private func draw(on drawer: DoodleConnection, dropping partner: DoodleConnection) async throws {
        let plan = CanvasPlan(points: configuration.points, pointsPerMessage: configuration.pointsPerMessage, messagesPerStroke: configuration.messagesPerStroke)
        let interval = Duration.seconds(1) / configuration.messagesPerSecond
        var due = ContinuousClock.now
        for action in plan.actions() {
            try await Task.sleep(until: due, clock: .continuous)
            // A drawer that fell behind does not catch up in a burst, which the rate limit would refuse.
            due = max(due + interval, ContinuousClock.now)
            try await drawer.send(.draw(action))
            // The echoes are not needed; dropping them keeps the client's buffers small.
            _ = drawer.takeBufferedFrames()
            _ = partner.takeBufferedFrames()
        }
    }
}
