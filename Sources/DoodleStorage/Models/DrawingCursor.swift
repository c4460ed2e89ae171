/// A keyset cursor into a player's drawings: the `(endedAt, id)` of the last drawing seen.
/// Pages stay stable while new drawings are saved, since newer ones sort before the cursor.
/// As text: `<endedAt>.<id>`, e.g. `1732230080123.d_k3j4h5g6f7d8s9a2`.
public struct DrawingCursor: Sendable, Equatable {
    public var endedAt: Int64
    public var id: String

    public init(endedAt: Int64, id: String) {
        self.endedAt = endedAt
        self.id = id
    }

    /// Parses the text form; nil if it is malformed.
    public init?(token: String) {
        guard let dot = token.firstIndex(of: "."), let endedAt = Int64(token[..<dot]), endedAt >= 0 else { return nil }
        let id = token[token.index(after: dot)...]
        guard !id.isEmpty else { return nil }
        self.endedAt = endedAt
        self.id = String(id)
    }

    public var token: String { "\(endedAt).\(id)" }
}
