import DoodleCore
import Foundation
import NIOCore

/// Encodes server messages to complete WebSocket text frames. A room encodes each broadcast
/// once and hands the same frame to every recipient.
struct FrameEncoder {
    private let encoder = JSONEncoder()

    func encode(_ message: ServerMessage) -> WireFrame {
        // Strokes are nearly all the traffic and JSONEncoder was a tenth of the server's time.
        if let frame = WireFrame(textWrittenBy: { DrawingJSON.write(message, to: &$0) }) { return frame }
        if let payload = DrawingJSON.encodeSnapshot(message, encoder: encoder) { return WireFrame(text: payload) }
        return encode(json: message)
    }

    /// Any of our messages (pair mode's too) by `JSONEncoder`.
    func encode<Message: Encodable>(json message: Message) -> WireFrame {
        do {
            return WireFrame(text: ByteBuffer(bytes: try encoder.encode(message)))
        } catch {
            // Our own message types always encode; this keeps a bug from ever sending garbage.
            return WireFrame(text: ByteBuffer(string: #"{"type":"error","code":"internal","message":"could not encode a message"}"#))
        }
    }
}
