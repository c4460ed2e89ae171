import DoodleCore

/// One entry of a stored telephone game's chain, as `GET /v1/games/{id}` shows it: the wire's
/// `ChainEntry` (`{"kind","playerId","text"|"drawingId"}`) with the player's name, `deleted`
/// flag and face inline, since a telephone game has no ranking that would name its players.
public struct GameChainEntry: Sendable, Equatable, Encodable {
    public var kind: TelephoneStepKind
    public var player: PlayerReference
    /// The player's face as players see it now (chosen, or derived from its id); nil once the
    /// player deleted itself.
    public var avatar: Avatar?
    /// A write or describe entry's text, `""` when its player never submitted one.
    public var text: String?
    /// A draw entry's drawing; nil when nothing was drawn, or when an operator deleted it.
    public var drawingId: String?

    public init(kind: TelephoneStepKind, player: PlayerReference, avatar: Avatar? = nil, text: String? = nil, drawingId: String? = nil) {
        self.kind = kind
        self.player = player
        self.avatar = avatar
        self.text = text
        self.drawingId = drawingId
    }

    enum CodingKeys: String, CodingKey {
        case kind, avatar, text, drawingId
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(kind, forKey: .kind)
        try player.encode(to: encoder)
        try container.encode(avatar, forKey: .avatar)
        if kind == .draw {
            try container.encode(drawingId, forKey: .drawingId)
        } else {
            try container.encode(text ?? "", forKey: .text)
        }
    }
}
