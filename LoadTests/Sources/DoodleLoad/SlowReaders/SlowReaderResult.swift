import Foundation

/// Everything the slow-reader scenario measured, and its verdict.
public struct SlowReaderResult: Sendable, Codable, Equatable {
    public struct Settings: Sendable, Codable, Equatable {
        public var clients: Int
        public var receiveBufferBytes: Int
        public var durationSeconds: Double
        public var syncIntervalMilliseconds: Double
        public var memoryCapBytes: Int
        public var memoryGrowthBound: Int
        public var closeDeadlineSeconds: Double

        init(_ configuration: SlowReaderScenario.Configuration) {
            clients = configuration.clients
            receiveBufferBytes = configuration.receiveBufferBytes
            durationSeconds = configuration.duration.seconds
            syncIntervalMilliseconds = configuration.syncInterval.seconds * 1000
            memoryCapBytes = configuration.memoryCapBytes
            memoryGrowthBound = configuration.memoryGrowthBound
            closeDeadlineSeconds = configuration.closeDeadline.seconds
        }
    }

    public struct Room: Sendable, Codable, Equatable {
        public var code: String
        public var points: Int
        public var roomStateBytes: Int
    }

    public var configuration: Settings
    public var rooms: [Room]
    public var outcomes: [SlowReaderOutcome]
    /// The server's RSS; nil when the server is not a process of ours.
    public var memory: MemoryFigures?
    /// Whose memory `memory` is ("server RSS", or the test process's in process).
    public var memorySubject: String
    public var memoryCapReached: Bool
    public var playingRoom: PlayingRoomResult
    /// Whether the server process was still running at the end; nil when it is not ours.
    public var serverAlive: Bool?
    /// `/metrics` lines about closes and queued bytes, if the server has them.
    public var serverMetrics: [String]?

    init(
        configuration: Settings, rooms: [FullCanvasRoom], outcomes: [SlowReaderOutcome], memory: MemoryFigures?, memorySubject: String,
        memoryCapReached: Bool,
        playingRoom: PlayingRoomResult, serverAlive: Bool?, serverMetrics: [String]?
    ) {
        self.configuration = configuration
        self.rooms = rooms.map { Room(code: $0.code, points: $0.points, roomStateBytes: $0.roomStateBytes) }
        self.outcomes = outcomes
        self.memory = memory
        self.memorySubject = memorySubject
        self.memoryCapReached = memoryCapReached
        self.playingRoom = playingRoom
        self.serverAlive = serverAlive
        self.serverMetrics = serverMetrics
    }

    /// Slow clients the server closed within the deadline.
    public var closedInTime: Int {
        outcomes.filter { ($0.closedAfterSeconds ?? .infinity) <= configuration.closeDeadlineSeconds }.count
    }

    /// The slow clients that could not even start (refused connect or upgrade).
    public var failedToStart: Int { outcomes.filter { $0.failure != nil }.count }

    /// The qualitative criteria the in-process test asserts: the server lives and the playing room lost nothing.
    public var qualitativeFailures: [String] {
        var failures: [String] = []
        if serverAlive == false { failures.append("the server process died") }
        if !playingRoom.isClean { failures.append("the playing room: \(playingRoom.summary)") }
        if failedToStart > 0 { failures.append("\(failedToStart) slow clients could not connect") }
        return failures
    }

    /// Every criterion of the verdict that failed.
    public var failures: [String] {
        var failures = qualitativeFailures
        if closedInTime < outcomes.count {
            failures.append("\(outcomes.count - closedInTime) of \(outcomes.count) slow clients not closed within \(configuration.closeDeadlineSeconds) s")
        }
        if memoryCapReached { failures.append("server RSS passed the \(configuration.memoryCapBytes >> 20) MiB safety cap (run cut short)") }
        if let memory, memorySubject == SlowReaderScenario.serverMemory, memory.growthBytes >= configuration.memoryGrowthBound {
            failures.append("server RSS grew by \(memory.growthBytes / 1_000_000) MB (bound \(configuration.memoryGrowthBound / 1_000_000) MB)")
        }
        return failures
    }

    public var passed: Bool { failures.isEmpty }
}
