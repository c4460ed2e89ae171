/// The reactions to one turn's drawing: each member's latest, in the order first given. A
/// member without an entry has none (`none` removes the entry).
struct TurnReactions: Sendable, Equatable {
    struct Entry: Sendable, Equatable, Codable {
        var playerId: PlayerID
        var reaction: Reaction
        var at: Int64
    }

    private(set) var entries: [Entry] = []

    init(entries: [Entry] = []) {
        self.entries = entries
    }

    /// Records the member's reaction; false when it already was that one (nothing changes).
    mutating func set(_ reaction: Reaction, by player: PlayerID, at now: Int64) -> Bool {
        let index = entries.firstIndex { $0.playerId == player }
        let current = index.map { entries[$0].reaction } ?? .none
        guard reaction != current else { return false }
        switch (index, reaction) {
        case (let index?, .none): entries.remove(at: index)
        case (let index?, _): entries[index] = Entry(playerId: player, reaction: reaction, at: now)
        case (nil, _): entries.append(Entry(playerId: player, reaction: reaction, at: now))
        }
        return true
    }

    /// The member's reaction; nil when it has none.
    func reaction(of player: PlayerID) -> Reaction? {
        entries.first { $0.playerId == player }?.reaction
    }

    var counts: ReactionCounts {
        entries.reduce(into: ReactionCounts()) { counts, entry in
            switch entry.reaction {
            case .like: counts.like += 1
            case .dislike: counts.dislike += 1
            case .none: break
            }
        }
    }

    /// The reactions as stored with the drawing `drawingId`.
    func records(drawingId: String) -> [DrawingReaction] {
        entries.map { DrawingReaction(drawingId: drawingId, playerId: $0.playerId, reaction: $0.reaction, at: $0.at) }
    }
}
