import DoodleCore

/// One frame received from the server, exactly as it arrived, with its decoded message.
///
/// A frame that does not decode (unknown `type`, a missing field, a binary frame) is still
/// delivered, with `message == nil` and `decodingFailure` saying why, so a caller can report it
/// as a protocol violation and keep using the connection.
///
/// A received frame is decoded when `message` or `decodingFailure` is first read, not on
/// arrival: a load generator that reads only the text then pays nothing for JSON decoding.
public struct ServerFrame: Sendable, Equatable {
    /// The frame's text exactly as received; for a binary frame, its bytes read as UTF-8 (lossily).
    public var text: String
    /// True for a binary frame (the contract only ever sends text frames).
    public var isBinary: Bool
    private var decoding: LazyDecoding

    public init(text: String, isBinary: Bool = false, message: ServerMessage?, decodingFailure: String? = nil) {
        self.text = text
        self.isBinary = isBinary
        self.decoding = LazyDecoding(decoded: .init(message: message, failure: decodingFailure))
    }

    /// A frame decoded from `source` on first use (a client that reads its own sockets, as the
    /// load generator's, builds its frames with it).
    public init(receivedText source: String) {
        self.text = source
        self.isBinary = false
        self.decoding = LazyDecoding(source: source)
    }

    /// The decoded message, nil when the frame did not decode.
    public var message: ServerMessage? {
        get { decoding.value.message }
        set { decoding = LazyDecoding(decoded: .init(message: newValue, failure: decoding.value.failure)) }
    }

    /// Why the frame did not decode; nil when `message` is set.
    public var decodingFailure: String? {
        get { decoding.value.failure }
        set { decoding = LazyDecoding(decoded: .init(message: decoding.value.message, failure: newValue)) }
    }

    public static func == (lhs: ServerFrame, rhs: ServerFrame) -> Bool {
        lhs.text == rhs.text && lhs.isBinary == rhs.isBinary && lhs.message == rhs.message
            && lhs.decodingFailure == rhs.decodingFailure
    }
}
