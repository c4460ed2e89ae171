import DoodleCore
import DoodleStorage
import DoodleTestSupport
import Foundation
import Logging
import NIOCore
import NIOEmbedded
import NIOWebSocket
import Synchronization
import Testing

@testable import DoodleServer

@Suite("Session inbox")
struct SessionInboxTests {
    /// Every switch of the socket's reading, in order.
    private final class ReadSwitches: Sendable {
        private let log = Mutex<[Bool]>([])
        func record(_ reading: Bool) { log.withLock { $0.append(reading) } }
        var all: [Bool] { log.withLock { $0 } }
    }

    @Test("past 64 waiting messages the socket stops being read, and is read again once they are handled")
    func readingPausesAndResumes() async throws {
        let logger = Logger(label: "inbox-test")
        let (rules, packs, blocklist) = try RulesLoader.load(folder: TestServer.repositoryRoot + "/GameRules")
        let database = try SQLiteDatabase.open(path: ":memory:")
        let archive = DiscardingArchive()
        let metrics = ServerMetrics()
        let alone = ClusterMembership(settings: nil, directory: nil, signals: nil, logger: logger)
        let players = PlayerDirectory()
        let context = SessionContext(
            rules: rules, packs: packs, blocklist: blocklist, playerDirectory: players,
            registry: RoomRegistry(
                rules: rules, packs: packs, blocklist: blocklist, clock: SystemGameClock(), archive: archive, metrics: metrics, cluster: alone, logger: logger,
                seats: SeatIndex(players: players, cluster: alone)),
            pairs: PairRegistry(
                pairs: Storage(sqlite: database).pairRepository(), rules: rules, suggestionWords: [],
                clock: SystemGameClock(), metrics: metrics, latestHeads: LatestHeadCache(capacity: 16), logger: logger),
            reports: Storage(sqlite: database).moderation,
            addressBans: AddressBanList(store: Storage(sqlite: database).moderation, connections: LiveConnections(), clock: SystemGameClock(), logger: logger),
            cluster: alone, clock: SystemGameClock(), metrics: metrics, logger: logger)
        let channel = EmbeddedChannel()
        try channel.pipeline.syncOperations.addHandler(WebSocketFrameEncoder())
        let queue = OutboundQueue(
            limits: OutboundBacklog.Limits(rules: rules), budget: OutboundBudget(ceiling: rules.limits.serverOutboundBytes), clock: SystemGameClock(), eventLoop: channel.eventLoop,
            sink: try FrameSink.installNow(on: channel))
        let runner = SessionRunner(logger: logger)
        let switches = ReadSwitches()
        let inbox = SessionInbox(session: ClientSession(context: context, queue: queue), runner: runner, switchReading: switches.record)

        // The runner is not running yet, so nothing is handled: the inbox fills up.
        for _ in 0..<63 { inbox.post(.binary) }
        #expect(switches.all.isEmpty)
        inbox.post(.binary)
        #expect(switches.all == [false])
        for _ in 0..<10 { inbox.post(.binary) }
        #expect(switches.all == [false], "paused once, not once per message")

        // Once the runner handles them, reading resumes.
        try await withThrowingTaskGroup(of: Void.self) { group in
            group.addTask { try await runner.run() }
            let deadline = ContinuousClock.now + .seconds(5)
            while switches.all.count < 2, ContinuousClock.now < deadline { try await Task.sleep(for: .milliseconds(5)) }
            group.cancelAll()
        }
        #expect(switches.all == [false, true])
    }
}

/// An archive that keeps nothing: for pieces tested without storage.
struct DiscardingArchive: GameArchive {
    func submit(_ drawing: FinishedDrawing) {}
    func submit(_ game: FinishedGame) {}
    func submit(_ reaction: DrawingReaction) {}
    func submit(_ checkpoint: RoomCheckpointSave) {}
    func submitCheckpointRemoval(code: String, nodeId: String?) {}
    func flush() async -> Bool { true }
    var statistics: ArchiveWriterStatistics { ArchiveWriterStatistics() }
}
