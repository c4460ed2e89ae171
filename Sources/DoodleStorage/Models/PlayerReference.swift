import DoodleCore

/// Who drew or guessed, as the archive shows it. A player who deleted itself has no id and
/// the name "deleted player".
public struct PlayerReference: Sendable, Equatable, Encodable {
    public static let deletedName = "deleted player"

    /// nil once the player deleted itself.
    public var playerId: PlayerID?
    /// The name the archive knows (nil only if it never learnt one).
    public var name: String?

    public init(playerId: PlayerID?, name: String?) {
        self.playerId = playerId
        self.name = playerId == nil ? Self.deletedName : name
    }

    public static let deleted = PlayerReference(playerId: nil, name: nil)

    public var isDeleted: Bool { playerId == nil }

    enum CodingKeys: String, CodingKey {
        case playerId, name, deleted
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(playerId, forKey: .playerId)
        try container.encode(name, forKey: .name)
        try container.encode(isDeleted, forKey: .deleted)
    }
}
