import DoodleCore
import DoodleStorage

/// What the HTTP routes ask of pairs. Every change goes through the pair's room (loaded for the
/// call when nobody is in it), so HTTP and WebSocket changes to one pair happen one at a time and
/// a partner in the room hears of them at once.
protocol PairActions: Sendable {
    /// A drawing made offline, uploaded whole. Idempotent on `clientDrawingId`.
    func upload(_ upload: PairUpload, by player: PlayerID) async -> Result<PairUploadReceipt, PairActionError>
    /// A guess at a drawing sent to `player`.
    func guess(drawingId: String, text: String, by player: PlayerID) async -> Result<PairGuessAnswer, PairActionError>
    /// `player` gives up on a drawing sent to it: the word, now visible to it.
    func giveUp(drawingId: String, by player: PlayerID) async -> Result<String, PairActionError>
    /// Ends `player`'s pair; the partner is told now or at its next visit. The pair's id.
    func unpair(by player: PlayerID) async -> Result<String, PairActionError>
}

/// A whole drawing uploaded over HTTP: its items as `roomState` shows them, in drawing order.
struct PairUpload: Sendable, Equatable, Codable {
    var clientDrawingId: String
    var word: String
    var items: [CanvasItem]
}

struct PairUploadReceipt: Sendable, Equatable, Codable {
    var drawingId: String
    /// False for a retry of a `clientDrawingId` stored before (HTTP 200 rather than 201).
    var created: Bool
}

/// As `guessResult` says it.
struct PairGuessAnswer: Sendable, Equatable, Codable {
    var drawingId: String
    var correct: Bool
    var close: Bool
    var gained: Int
}

enum PairActionError: Error, Sendable, Equatable {
    /// No such drawing, or one the caller may not know of: HTTP 404, exactly as for an unknown id.
    case notFound
    /// Refused with the contract's code (`not_paired`, `invalid_target`, `bad_message`,
    /// `invalid_stroke`, `rate_limited`, `internal`); the HTTP status follows the code.
    case refused(ProtocolError)
    /// The pair's room is live on another node (a cluster's): the call goes there. Never an
    /// HTTP answer.
    case hostedElsewhere(ClusterNode)
    /// The node hosting the pair's room did not answer in time: HTTP 500 `internal` with
    /// `Retry-After`, by when its lease has run out if it is dead.
    case hostUnreachable(retryAfterSeconds: Int)
}
