import NIOCore
import Synchronization

/// The shared record of one raw connection: its handler writes it on the event loop, the
/// scenario reads it from its task.
final class RawWebSocketState: Sendable {
    private struct Inner {
        var head: [UInt8] = []
        var parser = ServerFrameParser()
        var answers = RawAnswers()
        var upgradeFailure: String?
        var keepTexts: Bool
        var texts: [String] = []
    }

    private let inner: Mutex<Inner>

    init(keepTexts: Bool) {
        inner = Mutex(Inner(keepTexts: keepTexts))
    }

    var answers: RawAnswers { inner.withLock { $0.answers } }
    var upgradeFailure: String? { inner.withLock { $0.upgradeFailure } }

    func stopKeepingTexts() {
        inner.withLock { inner in
            inner.keepTexts = false
            inner.texts = []
        }
    }

    func takeText(where matches: (String) -> Bool) -> String? {
        inner.withLock { inner in
            guard let index = inner.texts.firstIndex(where: matches) else { return nil }
            let text = inner.texts[index]
            inner.texts.removeFirst(index + 1)
            return text
        }
    }

    func received(_ bytes: ByteBufferView) {
        inner.withLock { inner in
            if inner.answers.upgraded {
                inner.parser.append(bytes)
            } else {
                inner.head.append(contentsOf: bytes)
                guard let end = UpgradeHandshake.endOfHead(inner.head) else { return }
                let statusLine = String(decoding: inner.head.prefix { $0 != 13 }, as: UTF8.self)
                guard statusLine.hasPrefix("HTTP/1.1 101") else {
                    inner.upgradeFailure = statusLine
                    return
                }
                inner.answers.upgraded = true
                let rest = Array(inner.head[end...])
                inner.head = []
                inner.parser.append(rest)
            }
            while let frame = inner.parser.next() { Self.note(frame, in: &inner) }
        }
    }

    func ended(error: String?) {
        inner.withLock { inner in
            if inner.answers.endedAt == nil { inner.answers.endedAt = .now }
            if inner.answers.endError == nil { inner.answers.endError = error }
        }
    }

    private static func note(_ frame: ServerFrameParser.Frame, in inner: inout Inner) {
        switch frame.opcode {
        case 0x1:
            inner.answers.texts += 1
            let text = String(decoding: frame.payload, as: UTF8.self)
            if let code = AnswerScan.code(in: text) { inner.answers.errorCodes[code, default: 0] += 1 }
            if inner.keepTexts { inner.texts.append(text) }
        case 0x8:
            if inner.answers.closeFrame == nil { inner.answers.closeFrame = .init(code: frame.closeCode, at: .now) }
        default:
            break
        }
    }
}

/// Feeds one raw connection's bytes and its end into its `RawWebSocketState`.
final class RawWebSocketHandler: ChannelInboundHandler {
    typealias InboundIn = ByteBuffer

    private let state: RawWebSocketState

    init(state: RawWebSocketState) {
        self.state = state
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        state.received(unwrapInboundIn(data).readableBytesView)
    }

    func channelInactive(context: ChannelHandlerContext) {
        state.ended(error: nil)
        context.fireChannelInactive()
    }

    func errorCaught(context: ChannelHandlerContext, error: any Error) {
        state.ended(error: "\(error)")
        context.close(promise: nil)
    }
}
