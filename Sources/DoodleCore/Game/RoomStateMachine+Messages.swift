extension RoomStateMachine {
    /// Handles one message from a seated player.
    public mutating func handle(_ message: PartyMessage, from player: PlayerID, now: Int64) -> [RoomEffect] {
        guard isMember(player) else {
            return [error(.notInRoom, "you are not in this room", to: player, ref: message.typeName)]
        }
        // Timers that are already due run first, so a guess after the deadline is too late
        // even when the room's timer has not fired yet.
        let due = tick(now: now)
        guard isMember(player) else { return due }
        return due + dispatch(message, from: player, now: now)
    }

    private mutating func dispatch(_ message: PartyMessage, from player: PlayerID, now: Int64) -> [RoomEffect] {
        switch message {
        case .command(.updateSettings(let patch)): return updateSettings(patch, by: player)
        case .command(.startGame): return startGame(by: player, now: now)
        case .command(.kick(let target)): return kick(target, by: player, now: now)
        case .command(.lockRoom(let locked)): return lockRoom(locked, by: player)
        case .command(.voteKick(let target)): return voteKick(target, by: player, now: now)
        case .command(.chooseWord) where mode == .telephone:
            return [error(.invalidPhase, "a telephone room has no words to choose", to: player, ref: "chooseWord")]
        case .command(.chooseWord(let index)): return chooseWord(index, by: player, now: now)
        case .command(.spectate(let on)): return spectate(on, by: player, now: now)
        case .command(.mute(let target, let muted)): return mute(target, muted: muted, by: player)
        case .command(.react(let reaction)):
            return phase == .reveal ? reactInReveal(reaction, by: player, now: now) : react(reaction, by: player, now: now)
        case .command(.playWithBots): return playWithBots(by: player, now: now)
        case .telephone(let command): return handleTelephone(command, by: player, now: now)
        case .draw(let action) where mode == .telephone: return drawTelephone(action, by: player, now: now)
        case .draw(let action): return draw(action, by: player)
        case .guess(let text): return guess(text, by: player, now: now)
        }
    }

    mutating func updateSettings(_ patch: SettingsPatch, by player: PlayerID) -> [RoomEffect] {
        guard player == ownerId else { return [error(.notOwner, "only the owner may change settings", to: player, ref: "updateSettings")] }
        guard phase == .lobby || phase == .gameOver else {
            return [error(.invalidPhase, "settings can change in the lobby or after the game only", to: player, ref: "updateSettings")]
        }
        switch validator.apply(patch, to: settings, playerCount: seats.count, mode: mode) {
        case .failure(let failure):
            return [.send(to: [player], .error(failure.withRef("updateSettings")))]
        case .success(let merged):
            settings = merged
            var effects: [RoomEffect] = []
            broadcastSettings(into: &effects)
            return effects
        }
    }

    mutating func lockRoom(_ locked: Bool, by player: PlayerID) -> [RoomEffect] {
        guard player == ownerId else { return [error(.notOwner, "only the owner may lock the room", to: player, ref: "lockRoom")] }
        self.locked = locked
        var effects: [RoomEffect] = []
        broadcastSettings(into: &effects)
        return effects
    }

    /// The owner's copy lists the custom words; everyone else's only counts them.
    mutating func broadcastSettings(into effects: inout [RoomEffect]) {
        let owner = ownerId
        broadcast(
            variants: [
                (owner.map { [$0] } ?? [], .settingsChanged(SettingsView(settings: settings, showsCustomWords: true, mode: mode), locked: locked)),
                (memberIDs.filter { $0 != owner }, .settingsChanged(SettingsView(settings: settings, showsCustomWords: false, mode: mode), locked: locked)),
            ], into: &effects)
    }

    mutating func draw(_ action: DrawingAction, by player: PlayerID) -> [RoomEffect] {
        let ref = action.typeName
        // The contract's order: not_drawer (no turn means nobody is the drawer), then invalid_phase.
        // The turn is only looked into, never copied: a copy would retain all it holds, and
        // while one lived the board's storage would be shared and copied on the next write.
        guard turn?.drawerId == player else {
            return [error(.notDrawer, "only the drawer may draw", to: player, ref: ref)]
        }
        guard phase == .drawing else {
            return [error(.invalidPhase, phase == .choosing ? "choose a word first" : "drawing is possible only while drawing", to: player, ref: ref)]
        }
        // Applied in place, where the board is stored.
        guard let result = turn?.board.apply(action) else { return [] }
        switch result {
        case .failure(let failure):
            return [.send(to: [player], .error(failure.withRef(ref)))]
        case .success(nil):
            return []
        case .success(let relayed?):
            var effects: [RoomEffect] = []
            broadcast(.drawing(relayed, playerId: player), into: &effects)
            return effects
        }
    }

    /// `guess` is the only way to talk: a correct guess scores, a close one is told to the
    /// guesser alone, anything else is chat (scoped to those who know the word, for them).
    mutating func guess(_ raw: String, by player: PlayerID, now: Int64) -> [RoomEffect] {
        let text = raw.trimmingWhitespace()
        guard !text.isEmpty, text.count <= rules.limits.maxGuessLength else {
            return [error(.badMessage, "text must be 1–\(rules.limits.maxGuessLength) characters", to: player, ref: "guess")]
        }
        if isSpectator(player) { return spectatorGuess(text, by: player) }
        var effects: [RoomEffect] = []
        guard phase == .drawing, let turn, let index = seatIndex(player) else {
            broadcastChat(text, from: player, into: &effects)
            return effects
        }
        let normalized = GuessNormalizer.normalize(text)
        if turn.drawerId == player || seats[index].guessed {
            if normalized.contains(turn.normalizedWord) {
                return [error(.wordLeak, "that message would give the word away", to: player, ref: "guess")]
            }
            let audience = seats.filter { $0.guessed || $0.id == turn.drawerId }.map(\.id)
            sendScopedChat(text, from: player, to: audience, into: &effects)
            return effects
        }
        switch GuessMatch.compare(guess: normalized, word: turn.normalizedWord) {
        case .correct:
            let total = Int64(settings.drawSeconds) * 1000
            let gained = scoring.guesserGain(remaining: (phaseDeadline ?? now) - now, total: total)
            seats[index].guessed = true
            seats[index].score += gained
            self.turn?.guesses.append(GuessRecord(playerId: player, gained: gained, atMilliseconds: now - turn.drawingStartedAt))
            effects.append(.send(to: [player], .guessResult(.correct(word: turn.word ?? "", gained: gained))))
            broadcast(.playerGuessed(playerId: player, gained: gained), into: &effects)
            if everyConnectedGuesserGuessed {
                endTurn(.allGuessed, now: now, into: &effects)
            }
            return effects + tick(now: now)
        case .close:
            return [.send(to: [player], .guessResult(.close))]
        case .wrong:
            broadcastChat(text, from: player, into: &effects)
            return effects
        }
    }
}
