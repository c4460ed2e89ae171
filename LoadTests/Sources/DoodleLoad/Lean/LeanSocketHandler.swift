import DoodleClient
import DoodleCore
import NIOCore
import Synchronization

/// What a lean connection's setup reads: the frames kept until the room streams, and how the
/// connection ended. Written on the event loop, read by the setup's task.
final class LeanSetupInbox: Sendable {
    private struct State {
        var upgraded = false
        var upgradeFailure: String?
        var frames: [ServerFrame] = []
        var ended: String?
    }

    private let state = Mutex(State())

    var upgraded: Bool { state.withLock { $0.upgraded } }
    var upgradeFailure: String? { state.withLock { $0.upgradeFailure } }
    var ended: String? { state.withLock { $0.ended } }

    func noteUpgrade(failure: String?) {
        state.withLock { state in
            if let failure { state.upgradeFailure = failure } else { state.upgraded = true }
        }
    }

    func keep(_ frame: ServerFrame) { state.withLock { $0.frames.append(frame) } }

    func noteEnd(_ reason: String) {
        state.withLock { state in
            if state.ended == nil { state.ended = reason }
        }
    }

    /// Takes the first kept frame that `matches` and every frame before it.
    func take(where matches: (ServerFrame) throws -> Bool) rethrows -> ServerFrame? {
        try state.withLock { state in
            guard let index = try state.frames.firstIndex(where: matches) else { return nil }
            let frame = state.frames[index]
            state.frames.removeFirst(index + 1)
            return frame
        }
    }
}

/// A lean connection's reading, all on its event loop: the upgrade answer, then the server's
/// frames. During setup each frame is kept for the setup's task and its `seq` followed; once the
/// room streams, each goes straight to the connection's `StrokeReceiver`, with no task, no
/// stream and no thread hand-off per frame (the cost that made `DoodleClient` readers, not the
/// server, the limit of a capacity search). Frames are read where NIO put them: a drawing
/// event or chat line is checked in the read's own buffer, with nothing copied or allocated,
/// and only a frame cut by the end of a read is carried over to the next. It also plays the
/// member's part in the room's turns: it takes the word it is offered at once and tells the
/// room's ``LeanTurns`` when its turn to draw begins.
final class LeanSocketHandler: ChannelInboundHandler {
    typealias InboundIn = ByteBuffer
    typealias OutboundOut = ByteBuffer

    let inbox: LeanSetupInbox
    private var head: [UInt8] = []
    private var upgraded = false
    /// The start of a frame the last read ended inside.
    private var carried: ByteBuffer?
    /// Follows the setup's `seq`s, so that streaming starts from the last one.
    private var setupTracker = SequenceTracker()
    private var receiver: StrokeReceiver?
    private var turns: LeanTurns?
    /// Set once the room has ended on purpose: the close that follows is no failure.
    private var closing = false

    init(inbox: LeanSetupInbox) {
        self.inbox = inbox
    }

    /// From now on frames go to `receiver`, whose `seq` baseline is the last the setup saw.
    func startStreaming(_ makeReceiver: (_ lastSeq: Int) -> StrokeReceiver, relaySeq: Int?, turns: LeanTurns?) {
        receiver = makeReceiver(relaySeq ?? setupTracker.lastSeq ?? 0)
        self.turns = turns
    }

    var received: Int { receiver?.received ?? 0 }

    func closeQuietly() { closing = true }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        var input = unwrapInboundIn(data)
        if !upgraded {
            head.append(contentsOf: input.readableBytesView)
            guard let end = UpgradeHandshake.endOfHead(head) else { return }
            let statusLine = String(decoding: head.prefix { $0 != 13 }, as: UTF8.self)
            guard statusLine.hasPrefix("HTTP/1.1 101") else {
                inbox.noteUpgrade(failure: statusLine)
                return
            }
            upgraded = true
            input = context.channel.allocator.buffer(bytes: head[end...])
            head = []
            inbox.noteUpgrade(failure: nil)
        }
        if var earlier = carried.take() {
            earlier.writeBuffer(&input)
            input = earlier
        }
        // The frames of one read arrived together: one clock reading times them all.
        let now = receiver?.clock.nanoseconds() ?? 0
        while let frameLength = input.withUnsafeReadableBytes({ bytes -> Int? in
            guard let header = FrameHeader(of: bytes) else { return nil }
            readFrame(header, payload: UnsafeRawBufferPointer(rebasing: bytes[header.payloadOffset..<header.frameLength]), at: now, context: context)
            return header.frameLength
        }) {
            input.moveReaderIndex(forwardBy: frameLength)
        }
        if input.readableBytes > 0 {
            var kept = context.channel.allocator.buffer(capacity: max(input.readableBytes, 4_096))
            kept.writeBuffer(&input)
            carried = kept
        }
    }

    private func readFrame(_ header: FrameHeader, payload: UnsafeRawBufferPointer, at now: UInt64, context: ChannelHandlerContext) {
        guard header.maskOffset == nil else { return end("the server sent a masked frame") }
        switch header.opcode {
        case 0x1:
            if let receiver {
                if let message = receiver.receive(text: payload, at: now), turns != nil { followTurns(message, context: context) }
            } else {
                let text = ServerFrame(receivedText: String(decoding: payload, as: UTF8.self))
                if let message = text.message { _ = setupTracker.observe(message) }
                inbox.keep(text)
            }
        case 0x8:
            let code = ServerFrameParser.Frame.closeCode(payload: payload)
            end("the server closed the connection (code \(code.map(String.init) ?? "none"))")
        default:
            break
        }
    }

    private func followTurns(_ message: ServerMessage, context: ChannelHandlerContext) {
        switch message {
        case .chooseWord:
            guard turns?.isOver == false, let text = try? DoodleConnection.encode(.chooseWord(index: 0)) else { return }
            context.writeAndFlush(wrapOutboundOut(LeanSocket.frame(text: text, allocator: context.channel.allocator)), promise: nil)
        case .event(.phaseDrawing(_, _, let word), _) where word != nil:
            // Only the drawer is told the word: the turn is this member's.
            if let receiver { turns?.begin(drawer: receiver.member, now: receiver.clock.nanoseconds()) }
        default:
            break
        }
    }

    func channelInactive(context: ChannelHandlerContext) {
        end("the connection ended")
        context.fireChannelInactive()
    }

    func errorCaught(context: ChannelHandlerContext, error: any Error) {
        end("\(error)")
        context.close(promise: nil)
    }

    private func end(_ reason: String) {
        inbox.noteEnd(reason)
        if !closing, let receiver { receiver.stats.recordFailure(reason) }
        closing = true
    }
}
