import DoodleCore
import Foundation
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
        /// A good handshake from an address holding `limits.connectionsPerAddress` already.
        case refusedOverAddressLimit(NIOAsyncChannel<HTTPRequestPart, HTTPResponsePart>)
    }

    /// What became of a WebSocket handshake, for the answer when it is not upgraded.
    private enum UpgradeAttempt {
        case none
        case attempted
        case overAddressLimit
    }

    struct Value: ServerChildChannelValue {
        let upgradeResult: EventLoopFuture<UpgradeResult>
        let channel: any Channel
    }

    let responder: HTTPChannelHandler.Responder
    let connections: GameConnectionFactory
    /// Each client address's share of the open connections.
    let admission: ConnectionAdmission
    let maxFrameBytes: Int
    /// When set, every connection starts with a TLS handshake.
    let tls: NIOSSLContext?

    func setup(channel: any Channel, logger: Logger) -> EventLoopFuture<Value> {
        channel.eventLoop.makeCompletedFuture {
            if let tls { try channel.pipeline.syncOperations.addHandler(NIOSSLServerHandler(context: tls)) }
            let attempt = NIOLoopBoundBox(UpgradeAttempt.none, eventLoop: channel.eventLoop)
            let upgrader = NIOTypedWebSocketServerUpgrader<UpgradeResult>(
                maxFrameSize: maxFrameBytes,
                shouldUpgrade: { [admission] channel, head in
                    attempt.value = .attempted
                    let path = head.uri.split(separator: "?", maxSplits: 1).first.map(String.init) ?? head.uri
                    // RFC 6455 §4.1: the opening handshake is a GET; any other method is refused (400) like a bad handshake.
                    guard head.method == .GET, path == Self.webSocketPath else { return channel.eventLoop.makeSucceededFuture(nil) }
                    guard admission.admit(channel, head: head) else {
                        attempt.value = .overAddressLimit
                        return channel.eventLoop.makeSucceededFuture(nil)
                    }
                    return channel.eventLoop.makeSucceededFuture(HTTPHeaders())
                },
                upgradePipelineHandler: { [connections, admission] channel, head in
                    channel.eventLoop.makeCompletedFuture {
                        try connections.start(
                            on: channel, userAgent: head.headers.first(name: "user-agent"), address: admission.address(of: channel, head: head))
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
                        switch attempt.value {
                        case .none: return .notUpgraded(http)
                        case .attempted: return .failedUpgrade(http)
                        case .overAddressLimit: return .refusedOverAddressLimit(http)
                        }
                    }
                })
            var configuration = NIOUpgradableHTTPServerPipelineConfiguration(upgradeConfiguration: upgrade)
            // As Hummingbird's own channels do: NIOAsyncChannel orders requests, Hummingbird
            // answers errors and HTTP types validate the response headers.
            configuration.enablePipelining = false
            configuration.enableErrorHandling = false
            configuration.enableResponseHeaderValidation = false
            let result = try channel.pipeline.syncOperations.configureUpgradableHTTPServerPipeline(configuration: configuration)
            try channel.pipeline.syncOperations.addHandler(FirstRequestErrorHandler())
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
                await refuseUpgrade(http, status: .badRequest, body: nil, logger: logger)
            case .refusedOverAddressLimit(let http):
                let body = APIError.Body(
                    code: ErrorCode.rateLimited.rawValue,
                    message: "your address has \(admission.limit) connections open already; close one and try again")
                await refuseUpgrade(http, status: .tooManyRequests, body: body, retryAfterSeconds: Self.retryAfterOverAddressLimit, logger: logger)
            }
        } catch {
            logger.debug("connection ended before its first request was read", metadata: ["error": "\(error)"])
        }
    }

    /// `responder`, closing the connection once it has answered a request that asks for a
    /// protocol upgrade it does not get (an `Upgrade` header on a later request of a kept-alive
    /// connection, or on any path but `/v1/ws`). NIO's HTTP parser stops reading a connection at
    /// such a request's end, waiting for the new protocol's bytes, so the next request on it was
    /// never read: Schemathesis found its `TRACE /web/0` after a `GET /v1/ws` with upgrade
    /// headers unanswered for 10 s. Closing the input ends Hummingbird's request loop, which then
    /// finishes its writes and closes the connection itself, so the answer is never cut off.
    static func closingAfterUpgradeRequests(_ responder: @escaping HTTPChannelHandler.Responder) -> HTTPChannelHandler.Responder {
        { request, writer, channel in
            try await responder(request, writer, channel)
            // Already closed by the client is as good: nothing to report.
            if request.headers[.upgrade] != nil { try? await channel.close(mode: .input) }
        }
    }

    /// When a client refused for its address's connections should try again: a place frees up
    /// only when one of its connections closes, which the server cannot foresee.
    static let retryAfterOverAddressLimit = 5

    /// A WebSocket handshake refused: for another path or with bad headers 400 without a body;
    /// over the address's connection limit 429 with the API's error body. Then close.
    private func refuseUpgrade(
        _ http: NIOAsyncChannel<HTTPRequestPart, HTTPResponsePart>, status: HTTPResponse.Status, body: APIError.Body?,
        retryAfterSeconds: Int? = nil, logger: Logger
    ) async {
        do {
            try await http.executeThenClose { _, outbound in
                let bytes = try body.map { try JSONEncoder().encode($0) } ?? Data()
                var fields: HTTPFields = [.connection: "close", .contentLength: String(bytes.count)]
                if body != nil { fields[.contentType] = "application/json; charset=utf-8" }
                if let retryAfterSeconds { fields[.retryAfter] = String(retryAfterSeconds) }
                var parts: [HTTPResponsePart] = [.head(HTTPResponse(status: status, headerFields: fields))]
                if !bytes.isEmpty { parts.append(.body(ByteBuffer(bytes: bytes))) }
                parts.append(.end(nil))
                try await outbound.write(contentsOf: parts)
            }
        } catch {
            logger.debug("refusing a WebSocket upgrade failed", metadata: ["error": "\(error)"])
        }
    }
}

extension HTTPServerBuilder {
    /// Every accepted connection set up by ``GameServerChannel``: HTTP answered by the router,
    /// a `/v1/ws` upgrade made a game connection by `connections`, each address's share of them
    /// counted by `admission`.
    static func game(connections: GameConnectionFactory, admission: ConnectionAdmission, tls: NIOSSLContext?) -> HTTPServerBuilder {
        HTTPServerBuilder { responder in
            GameServerChannel(
                responder: GameServerChannel.closingAfterUpgradeRequests(responder), connections: connections, admission: admission,
                maxFrameBytes: connections.context.rules.limits.maxFrameBytes, tls: tls)
        }
    }
}
