import DoodleCore
import Foundation

/// One save the archive writer owes the database, in submission order.
enum PendingWrite: Sendable {
    case drawing(FinishedDrawing)
    case game(FinishedGame)
    case session(PlayerSession)
    /// A member's reaction to a drawing submitted before it.
    case reaction(DrawingReaction)
    /// A live room's checkpoint; a newer one of the same room replaces it while it waits.
    case checkpoint(RoomCheckpointSave)
    /// A room that closed on the node `nodeId` (nil alone): its checkpoint goes.
    case checkpointRemoval(code: String, nodeId: String?)

    /// For logs: what is being saved.
    var label: String {
        switch self {
        case .drawing(let drawing): "drawing \(drawing.id)"
        case .game(let game): "game \(game.id)"
        case .session(let session): "session of \(session.playerId)"
        case .reaction(let reaction): "reaction of \(reaction.playerId) to \(reaction.drawingId)"
        case .checkpoint(let save): "checkpoint of room \(save.checkpoint.code)"
        case .checkpointRemoval(let code, _): "removal of room \(code)'s checkpoint"
        }
    }

    /// The room whose checkpoint this is (or removes), if it is one.
    var checkpointCode: String? {
        switch self {
        case .checkpoint(let save): save.checkpoint.code
        case .checkpointRemoval(let code, _): code
        default: nil
        }
    }

    /// Does the CPU work (stroke encoding, settings JSON) before the write transaction opens,
    /// so the transaction holds the database only for the inserts.
    func prepared() throws -> PreparedWrite {
        switch self {
        case .drawing(let drawing):
            let size = RecordSize(of: drawing.actions)
            return .drawing(drawing, record: Data(StrokeCodec.encode(drawing.actions)), itemCount: size.items, pointCount: size.points)
        case .game(let game):
            let settings = String(decoding: try JSONEncoder().encode(game.settings), as: UTF8.self)
            return .game(game, settingsJSON: settings)
        case .session(let session):
            return .session(session)
        case .reaction(let reaction):
            return .reaction(reaction)
        case .checkpoint(let save):
            return .checkpoint(try save.prepared())
        case .checkpointRemoval(let code, let nodeId):
            return .checkpointRemoval(code: code, nodeId: nodeId)
        }
    }
}

/// A player's `hello` or rename, as the player table records it.
public struct PlayerSession: Sendable, Equatable {
    public var playerId: PlayerID
    public var name: String
    public var tokenHash: String
    /// Milliseconds since 1970.
    public var at: Int64
    /// The label of the device this save creates, set only when the token was minted at this
    /// `hello` for a new player: that save creates the player's first device. Saves of a known
    /// token only touch its device's last-seen time, so a save still in flight never brings
    /// back a device its player removed meanwhile.
    public var newDeviceLabel: String?
    /// Nil: the player has not chosen one (the stored one, if any, goes).
    public var avatar: Avatar?
    /// The client address the session came from (kept for address bans), nil when not known.
    public var address: String?

    public init(
        playerId: PlayerID, name: String, tokenHash: String, at: Int64, newDeviceLabel: String? = nil, avatar: Avatar? = nil, address: String? = nil
    ) {
        self.playerId = playerId
        self.name = name
        self.avatar = avatar
        self.address = address
        self.tokenHash = tokenHash
        self.at = at
        self.newDeviceLabel = newDeviceLabel
    }
}

enum PreparedWrite: Sendable {
    case drawing(FinishedDrawing, record: Data, itemCount: Int, pointCount: Int)
    case game(FinishedGame, settingsJSON: String)
    case session(PlayerSession)
    case reaction(DrawingReaction)
    case checkpoint(PreparedCheckpoint)
    case checkpointRemoval(code: String, nodeId: String?)
}
