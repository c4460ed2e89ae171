/// What the room list and quick play know of a party room: its counts, phase and whether it
/// takes players — nothing secret, and nothing that changes with each stroke.
public struct PublicRoomStatus: Sendable, Equatable {
    public var code: String
    public var wordPack: String
    /// Listed and open to quick play.
    public var isPublic: Bool
    /// Connected players.
    public var players: Int
    /// Seats held, connected or within the reconnect grace: what makes a room full.
    public var seats: Int
    public var maxPlayers: Int
    public var spectators: Int
    public var phase: Phase
    public var round: Int?
    public var rounds: Int
    public var locked: Bool
    /// Whether players are seated mid-game: a party room's `lateJoin`; never in a telephone game.
    public var lateJoin: Bool
    /// Party or telephone: quick play and the room list ask for one.
    public var mode: RoomMode

    public init(
        code: String, wordPack: String, isPublic: Bool, players: Int, seats: Int, maxPlayers: Int, spectators: Int, phase: Phase,
        round: Int?, rounds: Int, locked: Bool, lateJoin: Bool, mode: RoomMode = .party
    ) {
        self.mode = mode
        self.code = code
        self.wordPack = wordPack
        self.isPublic = isPublic
        self.players = players
        self.seats = seats
        self.maxPlayers = maxPlayers
        self.spectators = spectators
        self.phase = phase
        self.round = round
        self.rounds = rounds
        self.locked = locked
        self.lateJoin = lateJoin
    }

    /// A game can go on here: someone is connected in the lobby (or after a game), and two are
    /// in a running game. A room whose players all closed their tabs still holds their seats for
    /// the reconnect grace; a stranger seated there would wait or draw for nobody, so such a room
    /// is neither offered by quick play nor listed.
    public var gameCanGoOn: Bool {
        players >= Self.playersToGoOn(in: phase)
    }

    /// The connected players `gameCanGoOn` wants in `phase`: one outside a game, two in a
    /// running one. Also the directory's SQL, which lists the rooms of other nodes, reads it.
    public static func playersToGoOn(in phase: Phase) -> Int {
        switch phase {
        case .lobby, .gameOver: 1
        case .choosing, .drawing, .turnEnd, .step, .reveal: 2
        }
    }

    /// Whether quick play may seat a player here (the room still refuses one it banned).
    public var takesQuickPlayers: Bool {
        isPublic && gameCanGoOn && !locked && seats < maxPlayers && (lateJoin || phase == .lobby || phase == .gameOver)
    }

    /// Whether quick play may put a watcher here: full rooms too, never a locked one (nor one
    /// whose running game takes no late joiners: `joinRoom` refuses watchers there too; a
    /// telephone game takes watchers).
    public var takesQuickSpectators: Bool {
        isPublic && gameCanGoOn && !locked && (lateJoin || mode == .telephone || phase == .lobby || phase == .gameOver)
    }
}

extension PublicRoomStatus {
    /// The room list's and quick play's order: most connected players first, then the room
    /// opened first, then by code (so the order is total).
    public static func comesFirst(_ a: PublicRoomStatus, openedAt aOpened: Int64, before b: PublicRoomStatus, openedAt bOpened: Int64) -> Bool {
        if a.players != b.players { return a.players > b.players }
        if aOpened != bOpened { return aOpened < bOpened }
        return a.code < b.code
    }
}

extension RoomStateMachine {
    public var publicStatus: PublicRoomStatus {
        PublicRoomStatus(
            code: code, wordPack: settings.wordPack, isPublic: settings.isPublic,
            // House bots count as players only beside a person: a room of bots alone is nobody's.
            players: connectedPeopleCount > 0 ? connectedCount : 0,
            seats: seats.count, maxPlayers: settings.maxPlayers, spectators: connectedSpectatorCount, phase: phase, round: phase == .lobby ? nil : round,
            rounds: mode == .party ? settings.rounds : 0, locked: locked, lateJoin: mode == .party && settings.lateJoin, mode: mode)
    }
}
