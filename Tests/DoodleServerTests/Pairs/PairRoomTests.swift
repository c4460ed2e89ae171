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

/// The pair room actor over its state machine, a real SQLite file and connections on testing
/// channels: what partners receive, and what is in the database when they receive it.
@Suite("Pair room")
struct PairRoomTests {
    /// A partner's connection: its queue, and the JSON objects written to it so far.
    struct Partner {
        let channel: NIOAsyncTestingChannel
        let queue: OutboundQueue

        static func make() async throws -> Partner {
            let channel = NIOAsyncTestingChannel()
            let sink = try await channel.testingEventLoop.executeInContext {
                try channel.pipeline.syncOperations.addHandler(WebSocketFrameEncoder())
                return try FrameSink.installNow(on: channel)
            }
            let limits = OutboundBacklog.Limits(frames: 4096, bytes: 1 << 20, stallMillis: 5000, sizeableBytes: 1 << 16)
            let queue = OutboundQueue(
                limits: limits, budget: OutboundBudget(ceiling: 1 << 30), clock: SystemGameClock(), eventLoop: channel.eventLoop, sink: sink)
            return Partner(channel: channel, queue: queue)
        }

        /// Every message written since the last call, as JSON objects.
        func received() async throws -> [[String: Any]] {
            await channel.testingEventLoop.run()
            var bytes: [UInt8] = []
            while let buffer = try await channel.readOutbound(as: ByteBuffer.self) { bytes += buffer.readableBytesView }
            var messages: [[String: Any]] = []
            var index = 0
            while index + 2 <= bytes.count {
                var length = Int(bytes[index + 1] & 0x7F)
                var start = index + 2
                if length == 126 {
                    length = Int(bytes[index + 2]) << 8 | Int(bytes[index + 3])
                    start = index + 4
                }
                let payload = Data(bytes[start..<start + length])
                if let object = try JSONSerialization.jsonObject(with: payload) as? [String: Any] { messages.append(object) }
                index = start + length
            }
            return messages
        }
    }

    final class Ended: Sendable {
        let pairs = Mutex<[String]>([])
    }

    static let ada = "p_ada"
    static let bob = "p_bob"

    /// Ada and Bob paired in a fresh database, their room loaded, both present.
    func withRoom(_ body: (PairRoom, any PairRepository, Partner, Partner, Ended) async throws -> Void) async throws {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("pair-room-\(UUID().uuidString).sqlite").path
        defer { for suffix in ["", "-wal", "-shm"] { try? FileManager.default.removeItem(atPath: path + suffix) } }
        let pairs = Storage(sqlite: try SQLiteDatabase.open(path: path)).pairRepository()
        _ = try await pairs.membership(of: Self.ada, now: 1) { "ADACDE" }
        _ = try await pairs.form(code: "ADACDE", joiner: Self.bob, joinerName: "Bob", pairId: "pr_1", now: 1)
        let stored = try #require(try await pairs.livePair("pr_1"))
        let rules = try RulesLoader.load(folder: TestServer.repositoryRoot + "/GameRules").rules
        let ended = Ended()
        let room = PairRoom(
            machine: PairStateMachine(stored, rules: rules.pair, limits: rules.limits, seed: 1), pairs: pairs, replayCapacity: 64,
            replayByteLimit: 1 << 19, clock: SystemGameClock(), metrics: ServerMetrics(), latestHeads: LatestHeadCache(capacity: 16),
            logger: Logger(label: "pair-room-test"),
            onEnded: { pairId in ended.pairs.withLock { $0.append(pairId) } })
        let ada = try await Partner.make()
        let bob = try await Partner.make()
        _ = await room.enter(Self.ada, queue: ada.queue, lastSeq: nil)
        _ = await room.enter(Self.bob, queue: bob.queue, lastSeq: nil)
        try await body(room, pairs, ada, bob, ended)
    }

    static let line: [DrawingAction] = [
        .strokeBegin(StrokeBegin(strokeId: 1, tool: .pen, color: "#112233", width: 4, points: [10, 10, 20, 20])),
        .strokeEnd(strokeId: 1),
    ]

    @Test("entering: the entrant gets the pair's roomState, the partner present a playerConnection")
    func entering() async throws {
        try await withRoom { _, _, ada, bob, _ in
            let toAda = try await ada.received()
            #expect(toAda.map { $0["type"] as? String } == ["roomState", "playerConnection"])
            #expect(toAda.first?["phase"] as? String == "paired")
            #expect(try await bob.received().map { $0["type"] as? String } == ["roomState"])
        }
    }

    @Test("a submit is in the database before drawingSent; the partner receives it without the word; a repeat stores nothing")
    func submitting() async throws {
        try await withRoom { room, pairs, ada, bob, _ in
            _ = try await ada.received()
            _ = try await bob.received()
            await room.handle(.command(.beginDrawing(clientDrawingId: "c_00000001", word: "kite")), from: Self.ada)
            for action in Self.line { await room.handle(.draw(action), from: Self.ada) }
            await room.handle(.command(.submitDrawing(clientDrawingId: "c_00000001")), from: Self.ada)
            let sent = try await ada.received()
            #expect(sent.map { $0["type"] as? String } == ["drawingSent"])
            let drawingId = try #require(sent.first?["drawingId"] as? String)
            #expect(try await pairs.livePair("pr_1")?.pending.map(\.submission.drawingId) == [drawingId])
            let received = try await bob.received()
            #expect(received.first?["type"] as? String == "drawingReceived")
            #expect(received.first?["hint"] as? String == "____")
            #expect(!String(describing: received).contains("kite"))

            await room.handle(.command(.submitDrawing(clientDrawingId: "c_00000001")), from: Self.ada)
            let again = try await ada.received()
            #expect(again.first?["drawingId"] as? String == drawingId)
            #expect(again.first?["seq"] == nil)
            #expect(try await pairs.livePair("pr_1")?.pending.count == 1)
        }
    }

    @Test("a right guess is stored with the scores; unpairing tells both and ends the pair")
    func guessingAndUnpairing() async throws {
        try await withRoom { room, pairs, ada, bob, ended in
            await room.handle(.command(.beginDrawing(clientDrawingId: "c_00000001", word: "kite")), from: Self.ada)
            for action in Self.line { await room.handle(.draw(action), from: Self.ada) }
            await room.handle(.command(.submitDrawing(clientDrawingId: "c_00000001")), from: Self.ada)
            _ = try await ada.received()
            let drawingId = try #require(try await bob.received().last?["drawingId"] as? String)

            await room.handle(.guess(drawingId: drawingId, text: "Kite"), from: Self.bob)
            let toBob = try await bob.received()
            #expect(toBob.map { $0["type"] as? String } == ["guessResult", "drawingGuessed"])
            #expect(try await ada.received().first?["word"] as? String == "kite")
            let stored = try #require(try await pairs.livePair("pr_1"))
            #expect(stored.pending.isEmpty)
            #expect(stored.scores == [Self.ada: 50, Self.bob: 100])
            #expect(stored.streak == 1)

            await room.handle(.command(.unpair), from: Self.bob)
            #expect(try await ada.received().first?["type"] as? String == "unpaired")
            #expect(try await pairs.livePair("pr_1") == nil)
            #expect(ended.pairs.withLock { $0 } == ["pr_1"])
        }
    }
}
