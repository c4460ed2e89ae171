import DoodleCore
import NIOCore
import NIOWebSocket
import Testing

@testable import DoodleServer

/// The connection's WebSocket rules as a value: frames and outbound ends go in, actions come
/// out. The close timer is an `Int` here, so a test can tell which one is handed back.
@Suite("WebSocket lifecycle")
struct WebSocketLifecycleTests {
    typealias Lifecycle = WebSocketLifecycle<Int>

    /// A frame as a client sends it: masked.
    private func frame(_ opcode: WebSocketOpcode, _ bytes: [UInt8], fin: Bool = true) -> WebSocketFrame {
        let key: WebSocketMaskingKey = [0x12, 0x34, 0x56, 0x78]
        var data = ByteBuffer(bytes: bytes)
        data.webSocketMask(key)
        return WebSocketFrame(fin: fin, opcode: opcode, maskKey: key, data: data)
    }

    @Test("an unmasked frame from the client fails the connection with 1002")
    func unmaskedFrame() {
        var lifecycle = Lifecycle(maxMessageBytes: 100)
        guard case .closeAfterQueued(.protocolError, _) = lifecycle.received(WebSocketFrame(fin: true, opcode: .text, data: ByteBuffer(bytes: [0x41])))
        else {
            Issue.record("an unmasked frame was accepted")
            return
        }
    }

    private func close(_ bytes: [UInt8]) -> WebSocketFrame {
        frame(.connectionClose, bytes)
    }

    private func reply(toCode code: UInt16, reason: [UInt8] = []) -> Lifecycle.CloseReply {
        var payload = ByteBuffer()
        payload.writeInteger(code)
        payload.writeBytes(reason)
        return Lifecycle.reply(toClose: payload)
    }

    // MARK: - Messages

    @Test("a text message in three fragments is delivered once, whole")
    func fragmentsAreJoined() {
        var lifecycle = Lifecycle(maxMessageBytes: 100)
        #expect(lifecycle.received(frame(.text, Array("do".utf8), fin: false)) == .none)
        #expect(lifecycle.received(frame(.continuation, Array("od".utf8), fin: false)) == .none)
        #expect(lifecycle.received(frame(.continuation, Array("le".utf8))) == .deliver(.text("doodle")))
        #expect(lifecycle.state == .open(partial: nil))
    }

    @Test("a ping between fragments is answered and the message still completes")
    func pingBetweenFragments() {
        var lifecycle = Lifecycle(maxMessageBytes: 100)
        _ = lifecycle.received(frame(.binary, [1], fin: false))
        #expect(lifecycle.received(frame(.ping, [9])) == .pong(ByteBuffer(bytes: [9])))
        #expect(lifecycle.received(frame(.continuation, [2])) == .deliver(.binary(ByteBuffer(bytes: [1, 2]))))
    }

    /// Frames that break RFC 6455, and the code they must close with.
    struct Fault: Sendable, CustomTestStringConvertible {
        let name: String
        let frames: [(opcode: WebSocketOpcode, bytes: [UInt8], fin: Bool)]
        let code: CloseCode
        var testDescription: String { name }

        static let all: [Fault] = [
            Fault(name: "text that is not UTF-8", frames: [(.text, [0xC3, 0x28], true)], code: .invalidPayload),
            Fault(name: "a continuation with nothing to continue", frames: [(.continuation, [0x20], true)], code: .protocolError),
            Fault(name: "a new message inside a fragmented one", frames: [(.text, [0x20], false), (.text, [0x20], true)], code: .protocolError),
            Fault(
                name: "fragments over the limit",
                frames: [(.binary, Array(repeating: 0, count: 60), false), (.continuation, Array(repeating: 0, count: 60), true)],
                code: .frameTooLarge),
            Fault(name: "an unknown opcode", frames: [(WebSocketOpcode(encodedWebSocketOpcode: 0x3)!, [], true)], code: .protocolError),
        ]
    }

    @Test("frames that break RFC 6455 close with the right code, and nothing after them counts", arguments: Fault.all)
    func faults(fault: Fault) {
        var lifecycle = Lifecycle(maxMessageBytes: 100)
        var last = Lifecycle.ReceivedAction.none
        for frame in fault.frames { last = lifecycle.received(self.frame(frame.opcode, frame.bytes, fin: frame.fin)) }
        guard case .closeAfterQueued(let code, _) = last else {
            Issue.record("\(fault.name): \(last)")
            return
        }
        #expect(code == fault.code)
        #expect(lifecycle.state == .failing(clientClosed: false, timer: nil))
        #expect(lifecycle.received(frame(.text, [0x41])) == .none, "no message after a fault")
        #expect(lifecycle.received(frame(.ping, [1])) == .none, "no pong after a fault")
    }

    @Test("a reserved bit without an extension is a protocol error")
    func reservedBits() {
        var lifecycle = Lifecycle(maxMessageBytes: 100)
        var withReservedBit = frame(.text, [0x41])
        withReservedBit.rsv2 = true
        guard case .closeAfterQueued(.protocolError, _) = lifecycle.received(withReservedBit) else {
            Issue.record("a frame with RSV2 was not refused")
            return
        }
    }

    // MARK: - The client's close

    @Test("a valid close is answered after what was queued, with its code, and the socket then closes")
    func clientCloseIsEchoedAfterQueue() {
        var lifecycle = Lifecycle(maxMessageBytes: 100)
        #expect(lifecycle.received(close([0x0B, 0xB8])) == .answerAfterQueued, "the answer waits for the queue")
        #expect(lifecycle.closeTimerStarted(5) == nil)
        #expect(lifecycle.received(frame(.text, [0x41])) == .none, "nothing counts after the client's close")
        #expect(lifecycle.outboundEnded(.answerClient) == .sendClose(.init(code: 3000, reason: ""), then: .closeSocket(cancelling: 5)))
        #expect(lifecycle.state == .closed)
    }

    @Test("an abort sends its close and closes the socket soon, without waiting for the client")
    func abortDoesNotWait() {
        var lifecycle = Lifecycle(maxMessageBytes: 100)
        #expect(
            lifecycle.outboundEnded(.abort(.tryAgainLater, reason: "slow"))
                == .sendClose(.init(code: 1013, reason: "slow"), then: .closeSocketSoon(cancelling: nil)))
        #expect(lifecycle.state == .closed)
    }

    @Test("an empty close is answered with an empty close")
    func emptyClose() {
        #expect(Lifecycle.reply(toClose: ByteBuffer()) == .init(code: nil, reason: ""))
    }

    @Test("a close with a one-byte payload is answered 1002")
    func oneByteClose() {
        #expect(Lifecycle.reply(toClose: ByteBuffer(bytes: [0x03])).code == 1002)
    }

    @Test(
        "close codes that may not be sent are answered 1002",
        arguments: [0, 999, 1004, 1005, 1006, 1015, 1016, 1100, 2000, 2999, 5000, 65535] as [UInt16])
    func forbiddenCodes(code: UInt16) {
        #expect(reply(toCode: code).code == 1002)
    }

    @Test(
        "close codes that may be sent are echoed",
        arguments: [1000, 1001, 1002, 1003, 1007, 1008, 1009, 1010, 1011, 1012, 1013, 1014, 3000, 3999, 4000, 4999] as [UInt16])
    func allowedCodes(code: UInt16) {
        #expect(reply(toCode: code) == .init(code: code, reason: ""))
    }

    @Test("a close reason that is not UTF-8 is answered 1007; a UTF-8 one is fine")
    func closeReason() {
        #expect(reply(toCode: 1000, reason: [0xCE, 0xBA, 0xE1, 0xBD]).code == 1007)
        #expect(reply(toCode: 1000, reason: Array("κόσμε".utf8)).code == 1000)
    }

    // MARK: - The server's close

    @Test("the server's close waits for the client's answer, and the answer cancels the timer")
    func serverCloseHandshake() {
        var lifecycle = Lifecycle(maxMessageBytes: 100)
        #expect(lifecycle.outboundEnded(.close(.idle, reason: "quiet")) == .sendClose(.init(code: 4003, reason: "quiet"), then: .awaitClientClose))
        #expect(lifecycle.closeTimerStarted(7) == nil)
        #expect(lifecycle.received(frame(.ping, [1])) == .none, "no pong after our close")
        #expect(lifecycle.received(close([0x03, 0xE8])) == .closeSocket(cancelling: 7))
        #expect(lifecycle.socketClosed() == nil)
    }

    @Test("when the socket goes while waiting for the client's close, the timer is handed back")
    func socketGoesDuringHandshake() {
        var lifecycle = Lifecycle(maxMessageBytes: 100)
        _ = lifecycle.outboundEnded(.close(.shuttingDown, reason: ""))
        _ = lifecycle.closeTimerStarted(3)
        #expect(lifecycle.socketClosed() == 3)
        #expect(lifecycle.outboundEnded(.finish) == .none)
    }

    @Test("a client that closes while our fault close waits for the queue gets ours, then the socket closes")
    func clientClosesWhileFailing() {
        var lifecycle = Lifecycle(maxMessageBytes: 100)
        _ = lifecycle.received(frame(.continuation, [1]))
        #expect(lifecycle.closeTimerStarted(4) == nil)
        #expect(lifecycle.received(close([0x03, 0xE8])) == .none)
        #expect(lifecycle.state == .failing(clientClosed: true, timer: 4))
        #expect(
            lifecycle.outboundEnded(.close(.protocolError, reason: "stray"))
                == .sendClose(.init(code: 1002, reason: "stray"), then: .closeSocket(cancelling: 4)))
    }

    @Test("the timer started at a fault still bounds the wait for the client's close after ours is sent")
    func faultTimerCarriesOver() {
        var lifecycle = Lifecycle(maxMessageBytes: 100)
        _ = lifecycle.received(frame(.continuation, [1]))
        #expect(lifecycle.closeTimerStarted(2) == nil)
        #expect(
            lifecycle.outboundEnded(.close(.protocolError, reason: "stray"))
                == .sendClose(.init(code: 1002, reason: "stray"), then: .awaitClientClose))
        #expect(lifecycle.closeTimerStarted(9) == 9, "a second timer is handed back: one already runs")
        #expect(lifecycle.received(close([0x03, 0xEA])) == .closeSocket(cancelling: 2))
    }

    @Test("an outbound end without a close frame just closes the socket")
    func finishClosesSocket() {
        var lifecycle = Lifecycle(maxMessageBytes: 100)
        #expect(lifecycle.outboundEnded(.finish) == .closeSocket(cancelling: nil))
        #expect(lifecycle.received(frame(.text, [0x41])) == .none)
    }
}
