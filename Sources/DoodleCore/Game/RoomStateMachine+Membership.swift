extension RoomStateMachine {
    /// Seats a new player, or with `spectate` lets in a watcher, checking (in the contract's
    /// order) banned, locked, full — for a watcher, full means `limits.maxSpectators` watchers.
    /// The joiner gets a `roomState` reflecting its own `playerJoined` (or `spectatorJoined`);
    /// everyone else gets the event.
    public mutating func join(
        _ player: PlayerID, name: String, avatar: Avatar? = nil, spectate: Bool = false, now: Int64
    ) -> Result<[RoomEffect], ProtocolError> {
        if banned.contains(player) { return .failure(ProtocolError(.banned, "you were removed from this room")) }
        if locked { return .failure(ProtocolError(.roomLocked, "the owner locked this room")) }
        if isGameRunning && mode == .telephone && !spectate {
            return .failure(ProtocolError(.roomLocked, "a telephone game is running: nobody joins it now, but you may watch"))
        }
        if isGameRunning && !settings.lateJoin && mode != .telephone {
            return .failure(ProtocolError(.roomLocked, "a game is running and this room does not allow late joining"))
        }
        if spectate {
            if let refusal = switchRefusal(toSpectate: true) { return .failure(refusal) }
            return .success(admitSpectator(player, name: name, avatar: avatar))
        }
        if seats.count >= settings.maxPlayers { return .failure(ProtocolError(.roomFull, "the room is full")) }
        var effects: [RoomEffect] = []
        let others = memberIDs
        var seat = Seat(id: player, name: name, avatar: avatar, seatedAt: now)
        // Someone who guessed, left and came back in the same turn cannot score twice.
        seat.guessed = phase == .drawing && turn?.guesses.contains { $0.playerId == player } == true
        // An emptied room has no owner left: the first one back takes it (unless it has none).
        let takesOwnership = seats.isEmpty && !startsOnItsOwn
        if takesOwnership { ownerId = player }
        seats.append(seat)
        rebuildMemberIDs()
        chatHistory.remember(player)
        emptySince = nil
        seq += 1
        effects.append(.send(to: others, .event(.playerJoined(playerInfo(seat)), seq: seq)))
        if takesOwnership && !others.isEmpty {
            // Watchers of a room nobody played in see who owns it now.
            seq += 1
            effects.append(.send(to: others, .event(.ownerChanged(ownerId: player), seq: seq)))
        }
        effects.append(.send(to: [player], .roomState(snapshot(for: player))))
        reconsiderAutoStart(now: now, into: &effects)
        return .success(effects)
    }

    /// `leaveRoom`: the leaver receives its own `playerLeft` too.
    public mutating func leave(_ player: PlayerID, now: Int64) -> [RoomEffect] {
        var effects: [RoomEffect] = []
        removeSeat(player, reason: .left, now: now, into: &effects)
        return effects + tick(now: now)
    }

    /// The player's connection dropped; it keeps its seat for the reconnect grace period, and
    /// a drawer its turn for the drawer grace (`tick` ends the turn when that runs out).
    public mutating func disconnect(_ player: PlayerID, now: Int64) -> [RoomEffect] {
        if spectatorIndex(player) != nil { return disconnectSpectator(player, now: now) }
        guard let index = seatIndex(player), seats[index].connected else { return [] }
        seats[index].connected = false
        seats[index].disconnectedAt = now
        var effects: [RoomEffect] = []
        // Addressed to the player too: it cannot receive it now, but a replay from its
        // `lastSeq` must have no gap.
        broadcast(.playerConnection(playerId: player, connected: false), into: &effects)
        recheckKickVotes(now: now, into: &effects)
        // `allGuessed` counts connected guessers: the one still missing may just have dropped.
        if phase == .drawing, everyConnectedGuesserGuessed {
            endTurn(.allGuessed, now: now, into: &effects)
        }
        reconsiderAutoStart(now: now, into: &effects)
        return effects + tick(now: now)
    }

    /// The player is back within its grace period. Its own `playerConnection` is addressed to
    /// it as well, so a replay from `lastSeq` ends with it. Timers already due run first, so a
    /// drawer back after its grace ran out (the room's timer not yet fired) has lost its turn,
    /// and a player back after its reconnect grace has lost its seat (check `isMember` after).
    public mutating func reconnect(_ player: PlayerID, now: Int64) -> [RoomEffect] {
        var effects = tick(now: now)
        if spectatorIndex(player) != nil {
            reconnectSpectator(player, into: &effects)
            return effects
        }
        guard let index = seatIndex(player) else { return effects }
        if !seats[index].connected {
            seats[index].connected = true
            seats[index].disconnectedAt = nil
            broadcast(.playerConnection(playerId: player, connected: true), into: &effects)
            reconsiderAutoStart(now: now, into: &effects)
        }
        return effects
    }

    /// A new name, and with `avatar` a new avatar (nil keeps the one it has). A watcher has no
    /// avatar in the room: only its name changes.
    public mutating func rename(_ player: PlayerID, to name: String, avatar: Avatar? = nil) -> [RoomEffect] {
        let shownAvatar: Avatar?
        if let index = spectatorIndex(player) {
            guard spectators[index].name != name else { return [] }
            spectators[index].name = name
            shownAvatar = nil
        } else {
            guard let index = seatIndex(player) else { return [] }
            let newAvatar = avatar ?? seats[index].avatar
            guard seats[index].name != name || newAvatar != seats[index].avatar else { return [] }
            seats[index].name = name
            seats[index].avatar = newAvatar
            shownAvatar = newAvatar ?? Avatar(derivedFrom: player)
        }
        var effects: [RoomEffect] = []
        broadcast(.playerRenamed(playerId: player, name: name, avatar: shownAvatar), into: &effects)
        return effects
    }

    mutating func kick(_ target: PlayerID, by player: PlayerID, now: Int64) -> [RoomEffect] {
        guard player == ownerId else { return [error(.notOwner, "only the owner may kick", to: player, ref: "kick")] }
        guard target != player, isMember(target) else {
            return [error(.invalidTarget, "you can kick another member of this room only", to: player, ref: "kick")]
        }
        var effects: [RoomEffect] = []
        removeSeat(target, reason: .kicked, now: now, into: &effects)
        return effects + tick(now: now)
    }

    mutating func voteKick(_ target: PlayerID, by player: PlayerID, now: Int64) -> [RoomEffect] {
        guard seatIndex(player) != nil else {
            return [error(.invalidPhase, "watchers do not vote; ask to play first", to: player, ref: "voteKick")]
        }
        guard target != player, isMember(target) else {
            return [error(.invalidTarget, "you can vote against another member of this room only", to: player, ref: "voteKick")]
        }
        kickVotes[target, default: []].insert(player)
        var effects: [RoomEffect] = []
        let (votes, needed) = kickTally(target)
        broadcast(.kickVote(targetId: target, votes: votes, needed: needed), into: &effects)
        if votes >= needed {
            removeSeat(target, reason: .kicked, now: now, into: &effects)
        }
        return effects + tick(now: now)
    }

    /// Votes from connected players only; the target goes once votes exceed half of the other
    /// connected players.
    func kickTally(_ target: PlayerID) -> (votes: Int, needed: Int) {
        let connectedOthers = seats.filter { $0.connected && $0.id != target }.map(\.id)
        let votes = kickVotes[target, default: []].intersection(connectedOthers).count
        return (votes, connectedOthers.count / 2 + 1)
    }

    /// After someone leaves or disconnects, standing votes may now be enough.
    mutating func recheckKickVotes(now: Int64, into effects: inout [RoomEffect]) {
        for target in memberIDs where kickVotes[target] != nil {
            let (votes, needed) = kickTally(target)
            if votes > 0 && votes >= needed {
                removeSeat(target, reason: .kicked, now: now, into: &effects)
            }
        }
    }

    /// Removes a member: for a player, `playerLeft` to everyone including the player, a ban and
    /// close for a kick, then the consequences for ownership, the turn and the game; a watcher
    /// goes with `spectatorLeft` and changes nothing else.
    mutating func removeSeat(_ player: PlayerID, reason: LeaveReason, now: Int64, into effects: inout [RoomEffect]) {
        guard let index = seatIndex(player) else {
            removeSpectator(player, reason: reason, now: now, into: &effects)
            return
        }
        broadcast(.playerLeft(playerId: player, reason: reason), into: &effects)
        seats.remove(at: index)
        rebuildMemberIDs()
        kickVotes[player] = nil
        for target in kickVotes.keys { kickVotes[target]?.remove(player) }
        mutes[player] = nil
        pendingSwitches.removeAll { $0.player == player }
        if reason == .kicked {
            banned.insert(player)
            effects.append(.close(player, .kicked))
        }
        effects.append(.seatReleased(player))
        afterSeatVacated(player, now: now, into: &effects)
    }

    /// What a seat going (its player left, or became a watcher) means for the others.
    mutating func afterSeatVacated(_ player: PlayerID, now: Int64, into effects: inout [RoomEffect]) {
        // Each bot's own removal comes back here, until none is left.
        if dismissHouseBotsIfAlone(now: now, into: &effects) { return }
        if seats.isEmpty {
            resetWithoutPlayers(now: now, into: &effects)
            return
        }
        if player == ownerId { transferOwnership(into: &effects) }
        recheckKickVotes(now: now, into: &effects)
        afterSeatRemoved(player, now: now, into: &effects)
        reconsiderAutoStart(now: now, into: &effects)
    }

    /// No player is left: the room goes back to its lobby without an owner. With nobody at all
    /// its empty-room grace starts; watchers still there are told the room is in its lobby.
    mutating func resetWithoutPlayers(now: Int64, into effects: inout [RoomEffect]) {
        if spectators.isEmpty { emptySince = now }
        if !startsOnItsOwn { ownerId = nil }
        let wasInLobby = phase == .lobby
        phase = .lobby
        phaseDeadline = nil
        turn = nil
        game = nil
        telephone = nil
        round = nil
        drawerQueue = []
        if !wasInLobby && !spectators.isEmpty { broadcast(.phaseLobby(startsAt: nil), into: &effects) }
        // Seats are free now: watchers who asked to play mid-turn take them.
        applyPendingSwitches(now: now, into: &effects)
    }

    /// Ownership passes to the earliest-joined connected player (or, with nobody connected,
    /// the earliest-joined seat).
    mutating func transferOwnership(into effects: inout [RoomEffect]) {
        guard let heir = seats.first(where: \.connected) ?? seats.first else { return }
        ownerId = heir.id
        broadcast(.ownerChanged(ownerId: heir.id), into: &effects)
    }

    /// A seat went during a game (left, kicked, or its reconnect grace ran out): the drawer's
    /// turn ends at once, too few seats end the game, and the last missing guess may complete
    /// the turn.
    mutating func afterSeatRemoved(_ player: PlayerID, now: Int64, into effects: inout [RoomEffect]) {
        guard isGameRunning else { return }
        // A telephone game goes on without the seat: its chains skip it.
        if mode == .telephone { return telephonePlayerGone(player, now: now, into: &effects) }
        if let turn, turn.drawerId == player, phase == .choosing || phase == .drawing {
            endTurn(.drawerLeft, now: now, into: &effects)
        }
        if tooFewSeatsToPlay {
            endGame(.notEnoughPlayers, now: now, into: &effects)
            return
        }
        if phase == .drawing, everyConnectedGuesserGuessed {
            endTurn(.allGuessed, now: now, into: &effects)
        }
    }

    /// Reconnect grace and empty-room expiry (and an unattended public room's).
    mutating func expireSeats(now: Int64, into effects: inout [RoomEffect]) {
        if releaseUnattendedRoom(now: now, into: &effects) { return }
        let grace = Int64(rules.timing.reconnectGraceSeconds) * 1000
        let expired = seats.filter { seat in seat.disconnectedAt.map { $0 + grace <= now } ?? false }.map(\.id)
        let expiredWatchers = spectators.filter { watcher in watcher.disconnectedAt.map { $0 + grace <= now } ?? false }.map(\.id)
        for player in expired + expiredWatchers {
            removeSeat(player, reason: .timedOut, now: now, into: &effects)
        }
        if let emptySince, isEmpty, emptySince + Int64(rules.timing.emptyRoomGraceSeconds) * 1000 <= now {
            self.emptySince = nil
            effects.append(.roomExpired)
        }
    }
}
