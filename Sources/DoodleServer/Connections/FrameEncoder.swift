import DoodleCore
import Foundation
import NIOCore

/// Encodes server messages to the bytes of one text frame. A room encodes each broadcast once
/// and hands the same buffer to every recipient.
struct FrameEncoder {
    private let encoder = JSONEncoder()

    func encode(_ message: ServerMessage) -> ByteBuffer {
        do {
            return ByteBuffer(bytes: try encoder.encode(message))
        } catch {
            // Our own message types always encode; this keeps a bug from ever sending garbage.
            return ByteBuffer(string: #"{"type":"error","code":"internal","message":"could not encode a message"}"#)
        }
    }
}
