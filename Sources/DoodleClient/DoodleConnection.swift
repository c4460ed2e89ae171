import DoodleCore
import HummingbirdWSClient
import Logging
import NIOCore
import NIOWebSocket

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// One open connection to a Doodle server, handed to the body of
/// ``DoodleClient/withConnection(to:configuration:logger:isolation:_:)``; valid only inside it.
///
/// Sending writes one frame per call. Receiving reads the server's frames in the order they
/// arrived; frames are buffered from the moment the connection opens, so nothing is lost between
/// reads. Every method may be called from several tasks at once, but two concurrent readers
/// each get different frames.
public struct DoodleConnection: Sendable {
    let writer: WebSocketOutboundWriter
    let inbox: FrameInbox
    /// The logger given to `withConnection`.
    public let logger: Logger

    init(writer: WebSocketOutboundWriter, inbox: FrameInbox, logger: Logger) {
        self.writer = writer
        self.inbox = inbox
        self.logger = logger
    }

    // MARK: Sending

    /// Sends `message` as one JSON text frame.
    public func send(_ message: ClientMessage) async throws {
        try await sendRaw(Self.encode(message))
    }

    /// Sends `text` as one text frame, byte for byte (for malformed-input tests).
    public func sendRaw(_ text: String) async throws {
        try await write(.text(text))
    }

    /// Sends `bytes` as one binary frame (the contract answers `bad_message`).
    public func sendBinary(_ bytes: [UInt8]) async throws {
        try await write(.binary(ByteBuffer(bytes: bytes)))
    }

    /// Starts the closing handshake with `code` (1000 normal; any code 1000–4999 for tests).
    /// Frames the server sends before its answering close can still be read. Does nothing if the
    /// connection is already closing or closed.
    public func close(code: Int = 1000, reason: String? = nil) async throws {
        guard inbox.beginClientClose() else { return }
        try await writer.close(WebSocketErrorCode(codeNumber: code), reason: reason)
    }

    /// The JSON text `send` writes for `message`: compact, keys sorted.
    public static func encode(_ message: ClientMessage) throws -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return String(decoding: try encoder.encode(message), as: UTF8.self)
    }

    private func write(_ frame: WebSocketOutboundWriter.OutboundFrame) async throws {
        if let closure = inbox.closure { throw DoodleClientError.connectionClosed(closure) }
        do {
            try await writer.write(frame)
        } catch let error as CancellationError {
            throw error
        } catch {
            // Writing to a socket the server has just closed fails with a channel error; the
            // closure says more, when it is known.
            if let closure = inbox.closure { throw DoodleClientError.connectionClosed(closure) }
            throw error
        }
    }

    // MARK: State

    /// How the connection ended, once it has (even if received frames are still unread).
    public var closure: ConnectionClosure? { inbox.closure }

    /// The text of every frame received so far, in order, read or not (empty when the
    /// configuration turned `recordsTranscript` off). Tests search it, for example to show a
    /// secret word never reached a guesser.
    public var transcript: [String] { inbox.transcript }
}
