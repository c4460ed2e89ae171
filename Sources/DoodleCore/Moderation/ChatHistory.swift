/// What members said in one room, for reports: each member's latest chat lines as typed
/// (unmasked, whatever their scope), kept after it leaves. Bounded twice: `linesPerPlayer`
/// lines a member, and `playerCapacity` members, forgetting first the one heard from (or
/// arrived) longest ago — a public room lives for hours and sees players come and go.
struct ChatHistory: Sendable, Codable, Equatable {
    static let playerCapacity = 256

    let linesPerPlayer: Int
    private var entries: [PlayerID: Entry] = [:]
    /// Counts every arrival and line, so the member touched longest ago is the one with the
    /// smallest `touched`.
    private var ticks = 0

    private struct Entry: Sendable, Codable, Equatable {
        var lines: [String] = []
        var touched: Int
    }

    init(linesPerPlayer: Int) {
        self.linesPerPlayer = linesPerPlayer
    }

    /// A member arrived: from now on it was in the room, chat or not.
    mutating func remember(_ player: PlayerID) {
        touch(player)
    }

    mutating func record(_ line: String, by player: PlayerID) {
        touch(player)
        entries[player]?.lines.append(line)
        if let count = entries[player]?.lines.count, count > linesPerPlayer {
            entries[player]?.lines.removeFirst(count - linesPerPlayer)
        }
    }

    /// The member's lines, oldest first; nil for a player never in the room (or forgotten).
    func lines(of player: PlayerID) -> [String]? {
        entries[player]?.lines
    }

    private mutating func touch(_ player: PlayerID) {
        ticks += 1
        if entries[player] != nil {
            entries[player]?.touched = ticks
            return
        }
        entries[player] = Entry(touched: ticks)
        if entries.count > Self.playerCapacity, let stalest = entries.min(by: { $0.value.touched < $1.value.touched })?.key {
            entries[stalest] = nil
        }
    }
}
