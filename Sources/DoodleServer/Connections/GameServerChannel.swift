import HTTPTypes
import HummingbirdCore
import Logging
import NIOCore
import NIOHTTP1
import NIOHTTPTypes
import NIOHTTPTypesHTTP1
import NIOSSL
import NIOWebSocket

/// How every accepted connection is set up: plain HTTP goes to the Hummingbird router; a
/// WebSocket upgrade on `/v1/ws` becomes a game connection that lives in the channel pipeline.
///
/// Hummingbird's own WebSocket channel keeps an async task per connection for as long as the
/// socket is open, and a task never gives back the memory of its deepest await: that was most
/// of an idle session's cost. Here `handle` returns right after the upgrade, so the connection's
/// task ends; the socket lives on in its handlers, and its messages are handled by short tasks
/// that exist only while there is something to handle (`SessionInbox`).
struct GameServerChannel: ServerChildChannel, HTTPChannelHandler {
    static let webSocketPath = "/v1/ws"

    enum UpgradeResult: Sendable {
        case webSocket
        case notUpgraded(NIOAsyncChannel<HTTPRequestPart, HTTPResponsePart>)
        case failedUpgrade(NIOAsyncChannel<HTTPRequestPart, HTTPResponsePart>)
    }

    struct Value: ServerChildChannelValue {
        let upgradeResult: EventLoopFuture<UpgradeResult>
        let channel: any Channel
    }

    let responder: HTTPChannelHandler.Responder
    let connections: GameConnectionFactory
    let maxFrameBytes: Int
    /// When set, every connection starts with a TLS handshake.
    let tls: NIOSSLContext?

    func setup(channel: any Channel, logger: Logger) -> EventLoopFuture<Value> {
        channel.eventLoop.makeCompletedFuture {
            if let tls { try channel.pipeline.syncOperations.addHandler(NIOSSLServerHandler(context: tls)) }
            let upgradeAttempted = NIOLoopBoundBox(false, eventLoop: channel.eventLoop)
            let upgrader = NIOTypedWebSocketServerUpgrader<UpgradeResult>(
                maxFrameSize: maxFrameBytes,
                shouldUpgrade: { channel, head in
                    upgradeAttempted.value = true
                    let path = head.uri.split(separator: "?", maxSplits: 1).first.map(String.init) ?? head.uri
                    return channel.eventLoop.makeSucceededFuture(path == Self.webSocketPath ? HTTPHeaders() : nil)
                },
                upgradePipelineHandler: { [connections] channel, _ in
                    channel.eventLoop.makeCompletedFuture {
                        try connections.start(on: channel)
                        return UpgradeResult.webSocket
                    }
                })
            let upgrade = NIOTypedHTTPServerUpgradeConfiguration(
                upgraders: [upgrader],
                notUpgradingCompletionHandler: { channel in
                    channel.eventLoop.makeCompletedFuture {
                        let pipeline = channel.pipeline.syncOperations
                        try pipeline.addHandler(HTTP1ToHTTPServerCodec(secure: false))
                        try pipeline.addHandler(HTTPConnectionStateHandler(idleTimeout: nil, logger: logger))
                        let http = try NIOAsyncChannel<HTTPRequestPart, HTTPResponsePart>(
                            wrappingChannelSynchronously: channel, configuration: .init(isOutboundHalfClosureEnabled: true))
                        return upgradeAttempted.value ? .failedUpgrade(http) : .notUpgraded(http)
                    }
                })
            var configuration = NIOUpgradableHTTPServerPipelineConfiguration(upgradeConfiguration: upgrade)
            // As Hummingbird's own channels do: NIOAsyncChannel orders requests, Hummingbird
            // answers errors and HTTP types validate the response headers.
            configuration.enablePipelining = false
            configuration.enableErrorHandling = false
            configuration.enableResponseHeaderValidation = false
            let result = try channel.pipeline.syncOperations.configureUpgradableHTTPServerPipeline(configuration: configuration)
            return Value(upgradeResult: result, channel: channel)
        }
    }

    func handle(value: Value, logger: Logger) async {
        do {
            switch try await value.upgradeResult.get() {
            case .webSocket:
                // The connection now runs in its channel handlers; this task is done.
                return
            case .notUpgraded(let http):
                await handleHTTP(asyncChannel: http, logger: logger)
            case .failedUpgrade(let http):
                await refuseUpgrade(http, logger: logger)
            }
        } catch {
            logger.debug("connection ended before its first request was read", metadata: ["error": "\(error)"])
        }
    }

    /// A WebSocket handshake for another path or with bad headers: 400, then close.
    private func refuseUpgrade(_ http: NIOAsyncChannel<HTTPRequestPart, HTTPResponsePart>, logger: Logger) async {
        do {
            try await http.executeThenClose { _, outbound in
                let head = HTTPResponse(status: .badRequest, headerFields: [.connection: "close", .contentLength: "0"])
                try await outbound.write(contentsOf: [.head(head), .end(nil)])
            }
        } catch {
            logger.debug("refusing a WebSocket upgrade failed", metadata: ["error": "\(error)"])
        }
    }
}
