import DoodleClient
import DoodleCore
import Foundation
import NIOCore
import NIOEmbedded
import Testing

@testable import DoodleLoad

/// The lean reader on an embedded channel: frames are checked where each read put them, and a
/// frame cut by the end of a read is carried over whole, wherever the cut falls.
@Suite("Lean socket handler (in-place frame reading)")
struct LeanSocketHandlerTests {
    private let plan = StrokePlan.sketched()

    /// The server's event for ordinal `ordinal`, as one unmasked text frame.
    private func eventFrame(ordinal: Int, seq: Int) throws -> [UInt8] {
        let message = ServerMessage.event(.drawing(plan.action(ordinal: ordinal), playerId: "p_a"), seq: seq)
        return try Self.serverFrame(message)
    }

    private func chatFrame(seq: Int) throws -> [UInt8] {
        let message = ServerMessage.event(.chat(playerId: "p_b", text: "bird", guessedOnly: false), seq: seq)
        return try Self.serverFrame(message)
    }

    /// `message` as the server frames it: text, unmasked.
    private static func serverFrame(_ message: ServerMessage) throws -> [UInt8] {
        ClientFrame(opcode: .text, payload: Array(try JSONEncoder().encode(message)), masked: false).bytes()
    }

    private let upgradeAnswer = Array("HTTP/1.1 101 Switching Protocols\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n\r\n".utf8)

    /// A streaming reader whose send log holds `ordinals` sends; returns the channel, the
    /// receiver's stats and its room's handle.
    private func streamingReader(ordinals: Int) throws -> (EmbeddedChannel, LeanSocketHandler, RoomHandle) {
        let handle = RoomHandle(index: 0, players: 2)
        let clock = LoadClock()
        for _ in 0..<ordinals { handle.sendLog.noteSend(at: clock.nanoseconds(), by: 0) }
        let handler = LeanSocketHandler(inbox: LeanSetupInbox())
        let channel = EmbeddedChannel(handler: handler)
        try channel.writeInbound(channel.allocator.buffer(bytes: upgradeAnswer))
        handler.startStreaming({ lastSeq in
            StrokeReceiver(plan: plan, sendLog: handle.sendLog, clock: clock, stats: handle.receivers[1], member: 1, lastSeq: lastSeq)
        }, relaySeq: nil, turns: nil)
        return (channel, handler, handle)
    }

    @Test("every frame arrives whole and in order, wherever the reads cut the stream", arguments: [1, 7, 64, 150, 333, 4_096])
    func cutsAnywhere(readSize: Int) throws {
        let (channel, handler, handle) = try streamingReader(ordinals: 40)
        var stream: [UInt8] = []
        for ordinal in 0..<40 {
            stream += try eventFrame(ordinal: ordinal, seq: ordinal + 1 + ordinal / 10)
            // A chat line after every tenth stroke message: its seq comes between theirs.
            if ordinal % 10 == 9 { stream += try chatFrame(seq: ordinal + 2 + ordinal / 10) }
        }
        for start in stride(from: 0, to: stream.count, by: readSize) {
            try channel.writeInbound(channel.allocator.buffer(bytes: stream[start..<min(start + readSize, stream.count)]))
        }
        let totals = handle.receivers[1].totals
        let window = handle.window.take()
        #expect(handler.received == 40)
        #expect(totals.outOfOrder == 0 && totals.seqGaps == 0 && totals.unrecognised == 0)
        #expect(window.deliveredToGuessers == 40)
        #expect(window.chatLines == 4)
        #expect(LatencySummary(window.latency).count == 40)
    }

    @Test("frames before streaming are kept for the setup; the ones after go to the receiver")
    func setupThenStreaming() throws {
        let handle = RoomHandle(index: 0, players: 2)
        let clock = LoadClock()
        handle.sendLog.noteSend(at: clock.nanoseconds(), by: 0)
        let inbox = LeanSetupInbox()
        let handler = LeanSocketHandler(inbox: inbox)
        let channel = EmbeddedChannel(handler: handler)
        // The upgrade answer and the first frame come in one read.
        try channel.writeInbound(channel.allocator.buffer(bytes: upgradeAnswer + (try chatFrame(seq: 5))))
        #expect(inbox.upgraded)
        let kept = inbox.take { _ in true }
        #expect(kept?.message == .event(.chat(playerId: "p_b", text: "bird", guessedOnly: false), seq: 5))
        handler.startStreaming({ lastSeq in
            StrokeReceiver(plan: plan, sendLog: handle.sendLog, clock: clock, stats: handle.receivers[1], member: 1, lastSeq: lastSeq)
        }, relaySeq: nil, turns: nil)
        try channel.writeInbound(channel.allocator.buffer(bytes: try eventFrame(ordinal: 0, seq: 6)))
        #expect(handler.received == 1)
        #expect(handle.receivers[1].totals.seqGaps == 0)
        #expect(inbox.take { _ in true } == nil)
    }

    @Test("a seq the server skipped is counted as a gap")
    func gap() throws {
        let (channel, handler, handle) = try streamingReader(ordinals: 2)
        try channel.writeInbound(channel.allocator.buffer(bytes: try eventFrame(ordinal: 0, seq: 1) + (try eventFrame(ordinal: 1, seq: 3))))
        #expect(handler.received == 2)
        #expect(handle.receivers[1].totals.seqGaps == 1)
    }
}
