/// House bots (PROTOCOL.md rev 5, "House bots"): a stranger alone in a public lobby need not wait
/// forever. After `publicRoom.botAfterSeconds` there it may call bots in (`playWithBots`); they
/// take seats until `publicRoom.houseBotsFillTo` players are seated, and the game goes as with
/// people. The bots are ordinary seats here, always connected, that the room actor plays; only
/// the records tell them apart (`"bot":true`, no games or wins). People come first: each one who
/// joins later takes a bot's seat at the next turn's start, and bots never play on without a
/// person in the room.
extension RoomStateMachine {
    /// The seats house bots hold, in seat order, for the actor that plays them.
    public var houseBotIDs: [PlayerID] { seats.map(\.id).filter(houseBots.contains) }

    /// Connected seats of people: what makes a room worth a stranger's time.
    var connectedPeopleCount: Int { seats.reduce(0) { $0 + ($1.connected && !houseBots.contains($1.id) ? 1 : 0) } }

    mutating func playWithBots(by player: PlayerID, now: Int64) -> [RoomEffect] {
        func refused(_ why: String) -> [RoomEffect] { [error(.invalidPhase, why, to: player, ref: "playWithBots")] }
        guard houseBotsAllowed else { return refused("this server runs no house bots") }
        guard settings.isPublic, mode == .party else { return refused("house bots play in public rooms only") }
        guard phase == .lobby else { return refused("house bots are called in from the lobby") }
        guard let index = seatIndex(player) else { return refused("watchers cannot call in house bots; take a seat first") }
        guard connectedCount == 1, seats[index].connected else { return refused("house bots come only to a player waiting alone") }
        // A seat from before this field (a restored room) has waited long enough.
        let waitedUntil = (seats[index].seatedAt ?? .min).addingReportingOverflow(Int64(rules.publicRoom.botAfterSeconds) * 1000)
        guard waitedUntil.overflow || waitedUntil.partialValue <= now else {
            return refused("house bots come after \(rules.publicRoom.botAfterSeconds) s alone in the lobby")
        }
        var effects: [RoomEffect] = []
        while seats.count < min(rules.publicRoom.houseBotsFillTo, settings.maxPlayers) {
            let bot = random.makeID(prefix: "p_")
            let name = nextHouseBotName()
            houseBots.insert(bot)
            effects.append(.houseBotSeated(bot, name: name))
            switch join(bot, name: name, now: now) {
            case .success(let joined):
                effects += joined
            case .failure:
                houseBots.remove(bot)
                return effects
            }
        }
        return effects
    }

    /// At a turn's start: every person beyond what the room needs sends a bot home (`playerLeft`
    /// `replaced`), latest bot first, so that people hold the seats.
    mutating func replaceHouseBots(now: Int64, into effects: inout [RoomEffect]) {
        var bots = houseBotIDs
        let people = seats.count - bots.count
        var extra = bots.count - max(0, rules.publicRoom.houseBotsFillTo - people)
        while extra > 0, let bot = bots.popLast() {
            removeSeat(bot, reason: .replaced, now: now, into: &effects)
            extra -= 1
        }
    }

    /// Bots do not play on their own: once no person holds a seat, they go too.
    mutating func dismissHouseBotsIfAlone(now: Int64, into effects: inout [RoomEffect]) -> Bool {
        guard !seats.isEmpty, seats.allSatisfy({ houseBots.contains($0.id) }), let bot = seats.last?.id else { return false }
        removeSeat(bot, reason: .left, now: now, into: &effects)
        return true
    }

    /// A name no one in the room has.
    private mutating func nextHouseBotName() -> String {
        let taken = Set(seats.map(\.name) + spectators.map(\.name))
        let free = Self.houseBotNames.filter { !taken.contains($0) }
        return free.randomElement(using: &random) ?? "Bot \(seats.count + 1)"
    }

    static let houseBotNames = ["Pixel", "Crayon", "Sketchy", "Doodles", "Scribbles", "Inky", "Smudge", "Squiggle"]
}
