/// Moderation inside a room (PROTOCOL.md rev 4, "Moderation"): who sees whose chat (`mute`),
/// chat masked with the blocklist (`settings.filter`), reactions to the drawing on screen
/// (`react`), and what a report about a member carries (`reportContext(about:)`).
///
/// Every chat line goes through `broadcastChat` or `sendScopedChat`, so each of these rules
/// holds for room-wide chat, scoped chat and watchers' chat alike.
extension RoomStateMachine {
    // MARK: - Mute

    /// `mute`: the target's chat stops reaching the sender (or reaches it again), for as long as
    /// the sender stays in the room. Nobody else is told; the sender gets `muted`, no seq. A
    /// target must be another member — or, to unmute, one the sender muted and who has left.
    mutating func mute(_ target: PlayerID, muted: Bool, by player: PlayerID) -> [RoomEffect] {
        let mutedAlready = mutes[player]?.contains(target) == true
        guard target != player, isMember(target) || (mutedAlready && !muted) else {
            return [error(.invalidTarget, "you can mute another member of this room only", to: player, ref: "mute")]
        }
        if muted {
            mutes[player, default: []].insert(target)
        } else {
            mutes[player]?.remove(target)
            if mutes[player]?.isEmpty == true { mutes[player] = nil }
        }
        return [.send(to: [player], .muted(playerId: target, muted: muted))]
    }

    /// The members who muted `player`.
    func muters(of player: PlayerID) -> Set<PlayerID> {
        var result = Set<PlayerID>()
        for (muter, targets) in mutes where targets.contains(player) { result.insert(muter) }
        return result
    }

    // MARK: - Chat

    /// Room-wide chat, with the next seq: its muters get a variant without the text, so their
    /// seq stays unbroken and nothing said reaches them.
    mutating func broadcastChat(_ text: String, from player: PlayerID, into effects: inout [RoomEffect]) {
        chatHistory.record(text, by: player)
        let shown = shownText(text, from: player)
        let muters = muters(of: player)
        if muters.isEmpty {
            broadcast(.chat(playerId: player, text: shown.text, guessedOnly: false), into: &effects)
        } else {
            broadcast(
                variants: [
                    (memberIDs.filter { !muters.contains($0) }, .chat(playerId: player, text: shown.text, guessedOnly: false)),
                    (memberIDs.filter { muters.contains($0) }, .mutedChat(playerId: player)),
                ], into: &effects)
        }
        if let masked = shown.masked { effects.append(masked) }
    }

    /// Chat for those who know the word (no seq); the speaker's muters simply do not get it.
    mutating func sendScopedChat(_ text: String, from player: PlayerID, to audience: [PlayerID], into effects: inout [RoomEffect]) {
        chatHistory.record(text, by: player)
        let shown = shownText(text, from: player)
        let muters = muters(of: player)
        effects.append(.send(to: audience.filter { !muters.contains($0) }, .event(.chat(playerId: player, text: shown.text, guessedOnly: true), seq: nil)))
        if let masked = shown.masked { effects.append(masked) }
    }

    /// The text as the room shows it: with `filter` on, every blocked word masked, and the
    /// effect that counts it when one was.
    func shownText(_ text: String, from player: PlayerID) -> (text: String, masked: RoomEffect?) {
        guard settings.filter else { return (text, nil) }
        let (masked, words) = blocklist.masked(text)
        return (masked, words > 0 ? .chatMasked(by: player, words: words) : nil)
    }

    // MARK: - Reactions

    /// `react`: a member's like or dislike of the turn's drawing, while it is drawn and in the
    /// pause after. A change goes to the room with a seq; the same reaction again changes
    /// nothing and is not sent. Given before the drawing is handed over it travels with it
    /// (`FinishedDrawing.reactions`); after, it is its own `saveReaction` — unless the turn
    /// saved no drawing (an empty canvas), when there is nothing to store it with.
    mutating func react(_ reaction: Reaction, by player: PlayerID, now: Int64) -> [RoomEffect] {
        guard phase == .drawing || phase == .turnEnd, let turn, turn.word != nil else {
            return [error(.invalidPhase, "reactions are for a drawing, while it is drawn and just after", to: player, ref: "react")]
        }
        guard turn.drawerId != player else {
            return [error(.invalidTarget, "you cannot react to your own drawing", to: player, ref: "react")]
        }
        guard self.turn?.reactions.set(reaction, by: player, at: now) == true else { return [] }
        var effects: [RoomEffect] = []
        broadcast(.reaction(playerId: player, reaction: reaction, totals: self.turn?.reactions.counts ?? ReactionCounts()), into: &effects)
        if turn.settled, let drawingId = turn.savedDrawingId {
            effects.append(.saveReaction(DrawingReaction(drawingId: drawingId, playerId: player, reaction: reaction, at: now)))
        }
        return effects
    }

    /// What `roomState` shows of the reactions: counts while a drawing is on screen.
    var reactionCountsOnScreen: ReactionCounts? {
        guard phase == .drawing || phase == .turnEnd, let turn, turn.word != nil else { return nil }
        return turn.reactions.counts
    }

    /// The member's own reaction to the drawing on screen, for its `roomState` (a reload keeps
    /// its button pressed); nil without one.
    func ownReactionOnScreen(of player: PlayerID) -> Reaction? {
        guard reactionCountsOnScreen != nil else { return nil }
        return turn?.reactions.reaction(of: player)
    }

    // MARK: - Reports

    /// The drawing being drawn, or just drawn, when it has content: stored under this id at the
    /// turn's end (or already).
    var drawingIdOnScreen: String? {
        guard phase == .drawing || phase == .turnEnd, let turn, !turn.board.isEmpty else { return nil }
        return turn.drawingId
    }

    /// What a report about `player` filed from this room carries: the room's code, the drawing
    /// on screen if it has content, else the last drawing this room saved, and the player's
    /// last chat lines here, oldest first, as typed. Nil if it never was in the room.
    public func reportContext(about player: PlayerID) -> ReportContext? {
        guard let lines = chatHistory.lines(of: player) ?? (isMember(player) ? [] : nil) else { return nil }
        return ReportContext(roomCode: code, drawingId: drawingIdOnScreen ?? lastSavedDrawingId, chatLines: lines)
    }

    /// What a report of the whole room carries: the drawing on screen (or the last one saved),
    /// and each present member's last chat lines, as "name: line", seats first.
    public var roomReportContext: ReportContext {
        let members = seats.map { ($0.id, $0.name) } + spectators.map { ($0.id, $0.name) }
        let lines = members.flatMap { id, name in (chatHistory.lines(of: id) ?? []).map { "\(name): \($0)" } }
        return ReportContext(roomCode: code, drawingId: drawingIdOnScreen ?? lastSavedDrawingId, chatLines: lines)
    }
}
