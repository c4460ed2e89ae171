import DoodleCore
import HummingbirdWSClient
import Logging
import NIOWebSocket

/// Opens connections to a Doodle server. Every connection lives in a scope:
///
/// ```swift
/// let welcome = try await DoodleClient.withConnection(to: "ws://localhost:8080/v1/ws", logger: logger) { connection in
///     try await connection.hello(name: "Ada")
/// }
/// ```
public enum DoodleClient {
    /// Settings of a client connection.
    public struct Configuration: Sendable {
        /// The largest server message accepted (a `roomState` with a full canvas is large).
        public var maxMessageSize: Int
        /// How long closing waits for the server's answering close frame before dropping the socket.
        public var closeTimeout: Duration
        /// Whether the connection keeps the text of every frame received (``DoodleConnection/transcript``).
        /// Tests want it; long load tests may turn it off to save memory.
        public var recordsTranscript: Bool

        public init(maxMessageSize: Int = 1 << 24, closeTimeout: Duration = .seconds(5), recordsTranscript: Bool = true) {
            self.maxMessageSize = maxMessageSize
            self.closeTimeout = closeTimeout
            self.recordsTranscript = recordsTranscript
        }
    }

    /// Opens a WebSocket to `url`, runs `body` with the connection, then closes it normally
    /// (close code 1000, waiting at most `configuration.closeTimeout` for the server's answer)
    /// and returns what `body` returned. Errors thrown by `body` are rethrown after the close.
    ///
    /// If the server closes the connection first, `body` keeps running; reads then throw
    /// ``DoodleClientError/connectionClosed(_:)`` once every frame received before the close has
    /// been read.
    ///
    /// - Parameters:
    ///   - url: The WebSocket endpoint, for example `ws://127.0.0.1:8080/v1/ws` (`wss://` uses the
    ///     system's trust roots).
    ///   - configuration: Connection settings.
    ///   - logger: Logs connection life-cycle and undecodable frames at debug level.
    ///   - body: Uses the connection. It runs in the caller's isolation.
    /// - Throws: ``DoodleClientError/connectFailed(url:underlying:)`` when the connection cannot be
    ///   opened, `CancellationError` when the task is cancelled before it opens, or `body`'s error.
    public static func withConnection<T>(
        to url: String,
        configuration: Configuration = .init(),
        logger: Logger,
        isolation: isolated (any Actor)? = #isolation,
        _ body: (DoodleConnection) async throws -> T
    ) async throws -> T {
        let inbox = FrameInbox(recordsTranscript: configuration.recordsTranscript)
        let (writers, writerContinuation) = AsyncStream.makeStream(of: WebSocketOutboundWriter.self, bufferingPolicy: .bufferingNewest(1))

        let outcome: Result<T, any Error> = await withTaskGroup(of: (any Error)?.self) { group in
            group.addTask {
                await runSocket(url: url, configuration: configuration, logger: logger, inbox: inbox, writer: writerContinuation)
            }
            var writerIterator = writers.makeAsyncIterator()
            guard let writer = await writerIterator.next() else {
                // The socket task ended before the upgrade, or this task was cancelled.
                group.cancelAll()
                let socketError = await group.next() ?? nil
                if Task.isCancelled { return .failure(CancellationError()) }
                return .failure(DoodleClientError.connectFailed(url: url, underlying: socketError ?? WebSocketClientError.webSocketUpgradeFailed))
            }
            let connection = DoodleConnection(writer: writer, inbox: inbox, logger: logger)
            let result: Result<T, any Error>
            do {
                result = .success(try await body(connection))
            } catch {
                result = .failure(error)
            }
            do {
                try await connection.close(code: 1000, reason: nil)
            } catch {
                logger.debug("Closing the connection failed", metadata: ["error": "\(error)"])
            }
            group.addTask {
                try? await Task.sleep(for: configuration.closeTimeout)
                return nil
            }
            _ = await group.next()
            group.cancelAll()
            return result
        }
        return try outcome.get()
    }

    /// Runs the WebSocket until it ends, handing the outbound writer out once the upgrade is done
    /// and feeding every inbound message to the inbox; records how the connection ended and
    /// returns the error that ended it, if any.
    private static func runSocket(
        url: String,
        configuration: Configuration,
        logger: Logger,
        inbox: FrameInbox,
        writer: AsyncStream<WebSocketOutboundWriter>.Continuation
    ) async -> (any Error)? {
        defer { writer.finish() }
        let socketConfiguration = WebSocketClientConfiguration(
            maxFrameSize: configuration.maxMessageSize,
            closeTimeout: configuration.closeTimeout
        )
        let maxMessageSize = configuration.maxMessageSize
        do {
            let closeFrame = try await WebSocketClient.connect(url: url, configuration: socketConfiguration, logger: logger) {
                inbound, outbound, _ in
                writer.yield(outbound)
                writer.finish()
                logger.debug("WebSocket open", metadata: ["url": "\(url)"])
                for try await message in inbound.messages(maxSize: maxMessageSize) {
                    let frame = ServerFrame(message)
                    // Only when debug logs are wanted: asking for the failure decodes the frame.
                    if logger.logLevel <= .debug, let failure = frame.decodingFailure {
                        logger.debug("Undecodable frame", metadata: ["failure": "\(failure)", "text": "\(frame.text.prefix(200))"])
                    }
                    inbox.deliver(frame)
                }
            }
            let code = closeFrame.map { Int(UInt16(webSocketErrorCode: $0.closeCode)) }
            logger.debug("WebSocket closed", metadata: ["code": "\(code.map(String.init) ?? "none")"])
            inbox.finish(ConnectionClosure(code: code, reason: closeFrame?.reason))
            return nil
        } catch {
            logger.debug("WebSocket failed", metadata: ["error": "\(error)"])
            inbox.finish(ConnectionClosure(code: nil, failure: "\(error)"))
            return error
        }
    }
}
