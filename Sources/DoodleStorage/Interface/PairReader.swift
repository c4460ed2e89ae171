import DoodleCore

/// Read-only queries behind the pair HTTP routes: a live pair as one partner sees it, a
/// player's pair history a page at a time, the latest drawing it received, and one drawing.
/// Every drawing is read for a viewer, whose right to the word `PairDrawing.wordVisible` decides.
public protocol PairReader: Sendable {
    /// The live pair `pairId` as `player` sees it; nil if it has ended or `player` is not in it.
    func overview(pairId: String, for player: PlayerID) async throws -> PairOverview?

    /// A page of the drawings `player` received or sent, in every pair it was ever in, newest
    /// first, strictly older than the drawing `before`. Nil if `before` is not a drawing in that
    /// box of this player (unknown and foreign ids alike, so a page reveals nothing of others).
    ///
    /// - Parameter limit: at most this many (callers keep it to 1…100).
    func drawings(of player: PlayerID, box: PairBox, limit: Int, before: String?) async throws -> PairDrawingPage?

    /// The pair `player` is in now, if any.
    func currentPairId(of player: PlayerID) async throws -> String?

    /// The newest drawing of the pair `pairId` sent to `player`, whatever its status; nil if none.
    func latestReceived(by player: PlayerID, pairId: String) async throws -> PairDrawing?

    /// The widget's question in one read: whose token this is, and which drawing
    /// `latestReceived` would answer for it and when it was sent — no record decoded. Enough to
    /// name the widget's picture and answer a 304. Nil for an unknown token.
    func latestReceivedHead(tokenHash: String) async throws -> (playerId: PlayerID, head: (drawingId: String, sentAt: Int64)?)?

    /// A pair drawing with its record, if `viewer` is its sender or recipient; nil otherwise,
    /// exactly as for an id no drawing has.
    ///
    /// - Throws: `StrokeCodecError` if the stored record is corrupt.
    func drawing(id: String, viewer: PlayerID?) async throws -> PairDrawingDetails?

    /// When a pair drawing was sent, which with its id names its picture, if `viewer` is its
    /// sender or recipient; nil otherwise, exactly as for an id no drawing has. Reads no record.
    func drawingSentAt(id: String, viewer: PlayerID?) async throws -> Int64?
}

public enum PairReaderError: Error, CustomStringConvertible {
    /// A stored status this server does not know (the table's CHECK should make it impossible).
    case unknownStatus(String)

    public var description: String {
        switch self {
        case .unknownStatus(let status): "a pair drawing has the unknown status '\(status)'"
        }
    }
}
