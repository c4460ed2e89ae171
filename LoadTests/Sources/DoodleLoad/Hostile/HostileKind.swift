/// The kinds of hostile traffic the soak sends: one row each in its "frames sent" table.
public enum HostileKind: String, CaseIterable, Sendable, Codable, Comparable {
    case beforeHello = "message before hello"
    case invalidJSON = "invalid JSON"
    case deepNesting = "deep nesting"
    case numbers = "huge or non-integral numbers"
    case wrongType = "field of the wrong type"
    case unauthorised = "unauthorised (not owner/drawer)"
    case outOfPhase = "out of phase"
    case binary = "binary frame"
    case fragmented = "fragmented message"
    case ping = "ping"
    case flood = "flood past a rate limit"
    case oversized = "oversized (> 16 KiB)"
    case badUTF8 = "bad UTF-8"
    case protocolFault = "protocol fault"
    case badClose = "bad close frame"
    case unsupportedProtocol = "unsupported protocol"

    public static func < (lhs: Self, rhs: Self) -> Bool {
        (allCases.firstIndex(of: lhs) ?? 0) < (allCases.firstIndex(of: rhs) ?? 0)
    }
}

/// One burst of hostile traffic: its kind, a short label of the variant, and its frames.
public struct HostileShot: Sendable {
    public var kind: HostileKind
    public var label: String
    public var frames: [ClientFrame]
    /// Bytes written after the frames that are no frame at all (a header without its payload).
    public var raw: [UInt8]
    /// A close frame the client sends itself, whose echo the server may send back.
    public var ownCloseCode: Int?

    init(_ kind: HostileKind, _ label: String, _ frames: [ClientFrame], raw: [UInt8] = [], ownCloseCode: Int? = nil) {
        self.kind = kind
        self.label = label
        self.frames = frames
        self.raw = raw
        self.ownCloseCode = ownCloseCode
    }

    /// Frames on the wire (a raw header counts as one).
    public var frameCount: Int { frames.count + (raw.isEmpty ? 0 : 1) }

    init(_ kind: HostileKind, text: String) {
        self.init(kind, String(text.prefix(60)), [.text(text)])
    }
}
