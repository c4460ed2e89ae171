import DoodleCore
import Foundation
import NIOCore
import NIOHTTP1
import NIOWebSocket

/// Answers the errors of a connection's first request that nothing else answers, with 400
/// `bad_message`, and closes the connection: a request NIO's HTTP parser cannot read (bytes that
/// are not HTTP in the request line, a malformed header), and a WebSocket handshake whose
/// headers the upgrader refuses (a bad `Sec-WebSocket-Key` or version).
///
/// Until the WebSocket upgrader has decided about a request it holds it, so nobody else hears
/// these errors: without this handler a request the parser could not read stayed open with no
/// answer, which a client sees as a hang and which holds one of its address's connections, and a
/// refused handshake was closed without a word. NIO's `HTTPServerProtocolErrorHandler` answers
/// parser errors too, but does not close, and stays in the pipeline checking every later
/// response with preconditions; this one leaves at the first request head that reaches it, or at
/// the upgrade, after which Hummingbird (or the game connection) answers errors.
final class FirstRequestErrorHandler: ChannelInboundHandler, RemovableChannelHandler {
    typealias InboundIn = HTTPServerRequestPart
    typealias InboundOut = HTTPServerRequestPart
    typealias OutboundOut = HTTPServerResponsePart

    private var answered = false

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        let isHead = if case .head = Self.unwrapInboundIn(data) { true } else { false }
        context.fireChannelRead(data)
        if isHead { context.pipeline.syncOperations.removeHandler(self, promise: nil) }
    }

    /// A WebSocket upgrade consumes its request head, and what follows is frames, not HTTP parts:
    /// leave before any of them reaches this handler.
    func userInboundEventTriggered(context: ChannelHandlerContext, event: Any) {
        let upgraded = if case .upgradeComplete = event as? HTTPServerUpgradeEvents { true } else { false }
        context.fireUserInboundEventTriggered(event)
        if upgraded { context.pipeline.syncOperations.removeHandler(self, promise: nil) }
    }

    func errorCaught(context: ChannelHandlerContext, error: any Error) {
        guard !answered, let message = Self.message(for: error) else {
            context.fireErrorCaught(error)
            return
        }
        answered = true
        let body = (try? JSONEncoder().encode(APIError.Body(code: ErrorCode.badMessage.rawValue, message: message))) ?? Data()
        let headers = HTTPHeaders([
            ("Connection", "close"), ("Content-Type", "application/json; charset=utf-8"), ("Content-Length", String(body.count)),
        ])
        context.write(Self.wrapOutboundOut(.head(HTTPResponseHead(version: .http1_1, status: .badRequest, headers: headers))), promise: nil)
        context.write(Self.wrapOutboundOut(.body(.byteBuffer(ByteBuffer(bytes: body)))), promise: nil)
        let written = context.eventLoop.makePromise(of: Void.self)
        context.writeAndFlush(Self.wrapOutboundOut(.end(nil)), promise: written)
        let channel = context.channel
        written.futureResult.whenComplete { _ in channel.close(promise: nil) }
    }

    private static func message(for error: any Error) -> String? {
        switch error {
        case is HTTPParserError: "the request is not HTTP/1.1 that this server can read (its request line or a header is malformed)"
        // Only this one: a handshake the server declines (another path, an address over its
        // connection limit) is `unsupportedWebSocketTarget`, answered by `GameServerChannel`.
        case let error as NIOWebSocketUpgradeError where error == .invalidUpgradeHeader:
            "the WebSocket handshake is malformed: it needs Sec-WebSocket-Version 13 and one Sec-WebSocket-Key"
        default: nil
        }
    }
}
