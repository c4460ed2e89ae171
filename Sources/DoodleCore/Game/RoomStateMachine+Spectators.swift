/// Spectators (PROTOCOL.md rev 4): members without a seat. A watcher receives every room event
/// (it is in `memberIDs`) and the guesser's variant of each, so it never learns the word before
/// the turn ends; it never draws, guesses, scores or votes, and counts toward nothing a game
/// needs (`seats` alone decide `allGuessed`, vote thresholds, starting and ending games).
///
/// `{"type":"spectate","on":…}` moves a member between a seat and watching: at once in the
/// lobby, at game over, and in the pause after a turn for anyone but that turn's drawer;
/// otherwise the request waits in `pendingSwitches` until the turn ends (`turnEnded`, or the
/// end of the pause for its drawer). A player who becomes a watcher loses its score.
extension RoomStateMachine {
    struct Spectator: Sendable, Codable, Equatable {
        var id: PlayerID
        var name: String
        /// Not shown while watching; the seat it takes has it.
        var avatar: Avatar?
        var connected = true
        var disconnectedAt: Int64?
    }

    /// A switch asked for while it could not take effect.
    struct PendingSwitch: Sendable, Equatable, Codable {
        var player: PlayerID
        /// True: to watching; false: to a seat.
        var spectate: Bool
    }

    func spectatorIndex(_ player: PlayerID) -> Int? { spectators.firstIndex { $0.id == player } }

    public func isSpectator(_ player: PlayerID) -> Bool { spectatorIndex(player) != nil }

    public var spectatorCount: Int { spectators.count }

    /// Watchers connected now: what the room list shows.
    var connectedSpectatorCount: Int { spectators.reduce(0) { $0 + ($1.connected ? 1 : 0) } }

    // MARK: - Joining and leaving

    /// Lets a watcher in (`join` checked it may come in). Others get `spectatorJoined`; the
    /// watcher its `roomState`.
    mutating func admitSpectator(_ player: PlayerID, name: String, avatar: Avatar?) -> [RoomEffect] {
        let others = memberIDs
        spectators.append(Spectator(id: player, name: name, avatar: avatar))
        rebuildMemberIDs()
        chatHistory.remember(player)
        emptySince = nil
        seq += 1
        return [
            .send(to: others, .event(.spectatorJoined(SpectatorInfo(id: player, name: name)), seq: seq)),
            .send(to: [player], .roomState(snapshot(for: player))),
        ]
    }

    /// Removes a watcher: `spectatorLeft` to everyone including it, a ban and close for a kick.
    mutating func removeSpectator(_ player: PlayerID, reason: LeaveReason, now: Int64, into effects: inout [RoomEffect]) {
        guard let index = spectatorIndex(player) else { return }
        broadcast(.spectatorLeft(playerId: player), into: &effects)
        spectators.remove(at: index)
        rebuildMemberIDs()
        kickVotes[player] = nil
        mutes[player] = nil
        pendingSwitches.removeAll { $0.player == player }
        if reason == .kicked {
            banned.insert(player)
            effects.append(.close(player, .kicked))
        }
        effects.append(.seatReleased(player))
        if isEmpty { emptySince = now }
    }

    /// Like a player's, a watcher's drop is told with `playerConnection`, so that a resume from
    /// `lastSeq` ends with its own reconnection as a player's does; nothing else depends on it.
    mutating func disconnectSpectator(_ player: PlayerID, now: Int64) -> [RoomEffect] {
        guard let index = spectatorIndex(player), spectators[index].connected else { return [] }
        spectators[index].connected = false
        spectators[index].disconnectedAt = now
        var effects: [RoomEffect] = []
        broadcast(.playerConnection(playerId: player, connected: false), into: &effects)
        return effects + tick(now: now)
    }

    mutating func reconnectSpectator(_ player: PlayerID, into effects: inout [RoomEffect]) {
        guard let index = spectatorIndex(player), !spectators[index].connected else { return }
        spectators[index].connected = true
        spectators[index].disconnectedAt = nil
        broadcast(.playerConnection(playerId: player, connected: true), into: &effects)
    }

    // MARK: - Switching

    /// `spectate`: `on` true to watch, false to play. Asking for the state the member has, or
    /// one it already asked for, does nothing and is answered by nothing; asking for the state it
    /// has while another switch waits withdraws that request (silently: it was never announced).
    mutating func spectate(_ on: Bool, by player: PlayerID, now: Int64) -> [RoomEffect] {
        if let waiting = pendingSwitches.firstIndex(where: { $0.player == player }) {
            if pendingSwitches[waiting].spectate == on { return [] }
            pendingSwitches.remove(at: waiting)
            return []
        }
        guard on != isSpectator(player) else { return [] }
        if let refusal = switchRefusal(toSpectate: on) {
            return [.send(to: [player], .error(refusal.withRef("spectate")))]
        }
        var effects: [RoomEffect] = []
        if switchesAtOnce(player) {
            applySwitch(player, toSpectate: on, now: now, into: &effects)
        } else {
            pendingSwitches.append(PendingSwitch(player: player, spectate: on))
        }
        return effects + tick(now: now)
    }

    /// Why a switch cannot happen now or at the turn's end; nil when it can. A seat needs a free
    /// one, and a running game that takes no late joiners; watching needs room among watchers.
    func switchRefusal(toSpectate: Bool) -> ProtocolError? {
        if toSpectate {
            guard spectators.count < rules.limits.maxSpectators else {
                return ProtocolError(.roomFull, "the room has as many watchers as it takes")
            }
            return nil
        }
        guard seats.count < settings.maxPlayers else { return ProtocolError(.roomFull, "every seat is taken") }
        if isGameRunning && (!settings.lateJoin || mode == .telephone) {
            return ProtocolError(.roomLocked, "this room takes no players during a game; ask again after it")
        }
        return nil
    }

    /// In the lobby, at game over, and in the pause after a turn for anyone but its drawer.
    func switchesAtOnce(_ player: PlayerID) -> Bool {
        switch phase {
        case .lobby, .gameOver: true
        case .turnEnd: turn?.drawerId != player
        case .choosing, .drawing: false
        // A telephone game's seats are fixed at its start: switches wait for its end.
        case .step, .reveal: false
        }
    }

    /// The requests that waited for the turn to end. A seat taken meanwhile refuses a watcher
    /// its switch: it gets `error room_full` (no seq) and stays a watcher.
    mutating func applyPendingSwitches(now: Int64, into effects: inout [RoomEffect]) {
        guard !pendingSwitches.isEmpty else { return }
        let due = pendingSwitches
        pendingSwitches = []
        for request in due where isMember(request.player) && request.spectate != isSpectator(request.player) {
            if let refusal = switchRefusal(toSpectate: request.spectate) {
                effects.append(.send(to: [request.player], .error(refusal.withRef("spectate"))))
                continue
            }
            applySwitch(request.player, toSpectate: request.spectate, now: now, into: &effects)
        }
    }

    mutating func applySwitch(_ player: PlayerID, toSpectate: Bool, now: Int64, into effects: inout [RoomEffect]) {
        if toSpectate {
            becomeSpectator(player, now: now, into: &effects)
        } else {
            takeSeat(player, now: now, into: &effects)
        }
    }

    /// A player gives up its seat (and score) to watch. Ownership never stays with a watcher:
    /// it passes as when the owner leaves.
    mutating func becomeSpectator(_ player: PlayerID, now: Int64, into effects: inout [RoomEffect]) {
        guard let index = seatIndex(player) else { return }
        let seat = seats.remove(at: index)
        spectators.append(
            Spectator(id: seat.id, name: seat.name, avatar: seat.avatar, connected: seat.connected, disconnectedAt: seat.disconnectedAt))
        rebuildMemberIDs()
        for target in kickVotes.keys { kickVotes[target]?.remove(player) }
        broadcast(.playerSpectating(playerId: player, spectating: true), into: &effects)
        afterSeatVacated(player, now: now, into: &effects)
    }

    /// A watcher takes a free seat with a score of 0. Mid-game it is a late joiner: it guesses
    /// from now on and draws from the next round (this round's drawers were fixed at its start).
    mutating func takeSeat(_ player: PlayerID, now: Int64, into effects: inout [RoomEffect]) {
        guard let index = spectatorIndex(player) else { return }
        let watcher = spectators.remove(at: index)
        var seat = Seat(id: watcher.id, name: watcher.name, avatar: watcher.avatar, seatedAt: now)
        seat.connected = watcher.connected
        seat.disconnectedAt = watcher.disconnectedAt
        let takesOwnership = seats.isEmpty && !startsOnItsOwn
        seats.append(seat)
        rebuildMemberIDs()
        broadcast(.playerSpectating(playerId: player, spectating: false), into: &effects)
        if takesOwnership {
            ownerId = player
            broadcast(.ownerChanged(ownerId: player), into: &effects)
        }
        reconsiderAutoStart(now: now, into: &effects)
    }

    // MARK: - Talking

    /// A watcher's `guess` is judged like a guess that cannot score: during `drawing`, text
    /// containing the word is refused (`word_leak`), a near miss is told to the watcher alone,
    /// anything else is chat for the room. Outside `drawing` it is chat.
    mutating func spectatorGuess(_ text: String, by player: PlayerID) -> [RoomEffect] {
        var effects: [RoomEffect] = []
        guard phase == .drawing, let turn, !turn.normalizedWord.isEmpty else {
            broadcastChat(text, from: player, into: &effects)
            return effects
        }
        let normalized = GuessNormalizer.normalize(text)
        if normalized.contains(turn.normalizedWord) {
            return [error(.wordLeak, "watchers cannot say the word", to: player, ref: "guess")]
        }
        if case .close = GuessMatch.compare(guess: normalized, word: turn.normalizedWord) {
            return [.send(to: [player], .guessResult(.close))]
        }
        broadcastChat(text, from: player, into: &effects)
        return effects
    }
}
