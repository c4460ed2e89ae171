import DoodleCore

/// One frame received from the server, exactly as it arrived, with its decoded message.
///
/// A frame that does not decode (unknown `type`, a missing field, a binary frame) is still
/// delivered, with `message == nil` and `decodingFailure` saying why, so a caller can report it
/// as a protocol violation and keep using the connection.
public struct ServerFrame: Sendable, Equatable {
    /// The frame's text exactly as received; for a binary frame, its bytes read as UTF-8 (lossily).
    public var text: String
    /// True for a binary frame (the contract only ever sends text frames).
    public var isBinary: Bool
    /// The decoded message, nil when the frame did not decode.
    public var message: ServerMessage?
    /// Why the frame did not decode; nil when `message` is set.
    public var decodingFailure: String?

    public init(text: String, isBinary: Bool = false, message: ServerMessage?, decodingFailure: String? = nil) {
        self.text = text
        self.isBinary = isBinary
        self.message = message
        self.decodingFailure = decodingFailure
    }
}
