import DoodleClient
import DoodleCore

extension BotBrain {
    /// Handles one frame from the server, received at `now`, and returns what the driver should
    /// know about it (progress, violations, the end of the game).
    public mutating func handle(_ frame: ServerFrame, at now: Duration) -> [BotNotice] {
        var notices: [BotNotice] = []
        defer { leakDetector.record(frame.text) }
        guard let message = frame.message, !frame.isBinary else {
            record(BotViolation(.malformedMessage, "\(frame.decodingFailure ?? "binary frame"): \(frame.text.prefix(200))"), into: &notices)
            return notices
        }
        lastFrameAt = now
        checkSequence(of: message, at: now, notices: &notices)
        switch message {
        case .welcome(let welcome):
            playerId = welcome.playerId
            token = welcome.token
            welcomes += 1
            if !entryRequested {
                entryRequested = true
                switch configuration.entry {
                case .create(let settings, _): schedule(.createRoom(mode: configuration.mode, settings: settings), at: now, lane: .control)
                case .join(let code): schedule(.joinRoom(code: code), at: now, lane: .control)
                case .quickPlay(let wordPack): schedule(quickPlayEntry(wordPack: wordPack), at: now, lane: .control)
                case .seatedByServer: break
                }
            }
        case .roomState(let snapshot):
            apply(snapshot, at: now, notices: &notices)
        case .event(let event, _):
            apply(event, at: now, notices: &notices)
        case .chooseWord(let choices):
            if isDrawer {
                scheduleChoice(among: choices, at: now)
            } else {
                record(BotViolation(.wordLeaked, "chooseWord with \(choices) sent to a player who is not drawing"), into: &notices)
            }
        case .guessResult(let result):
            if result.correct {
                guessedThisTurn = true
                stats.correctGuesses += 1
                nextGuessAt = nil
                leakDetector.stop()
                maybeLike(at: now)
            } else if result.close {
                stats.closeGuesses += 1
            }
        case .drawingReceived, .muted, .reported:
            break
        case .task(let task):
            startTask(task, at: now, notices: &notices)
        case .roomClosed(let reason):
            notices.append(.failed("the room was closed by an operator: \(reason)"))
        case .error(let error):
            handle(error, notices: &notices)
        case .redirect(let redirect):
            // Another node hosts the room (or this bot's seat): go there with the token and ask
            // again; a resume needs nothing repeated, the seat is found by the token.
            pendingRedirect = redirect
            if code == nil {
                entryRequested = false
                // Quick play's answer names the room it chose on the other node: join that one.
                if case .quickPlay = configuration.entry { quickPlayRedirectCode = redirect.code }
            }
            stats.redirects += 1
        }
        maybeStartGame(at: now)
        return notices
    }

    /// Room events must carry consecutive `seq`s; a gap means loss, and the contract's answer
    /// is a `sync`.
    private mutating func checkSequence(of message: ServerMessage, at now: Duration, notices: inout [BotNotice]) {
        if case .event(let event, .none) = message {
            switch event {
            case .chat(_, _, guessedOnly: true):
                break
            case .drawing(_, let drawer) where roomMode == .telephone:
                // A telephone step echoes a drawing to its drawer alone, without seq; anyone
                // else's strokes before the reveal are a leak.
                if drawer != playerId {
                    record(BotViolation(.wordLeaked, "another player's telephone drawing reached this bot: \(message.typeName)"), into: &notices)
                }
            case .playerRenamed where code == nil:
                break
            default:
                record(BotViolation(.missingSeq, "\(message.typeName) without seq"), into: &notices)
            }
            return
        }
        guard code != nil || message.typeName == "roomState", let violation = tracker.observe(message) else { return }
        record(BotViolation(.sequence, violation.description), into: &notices)
        if violation.kind == .gap { schedule(.sync, at: now, lane: .control) }
    }

    private mutating func handle(_ error: ProtocolError, notices: inout [BotNotice]) {
        stats.errorsReceived += 1
        if crossedTurnChange(error) || crossedStepChange(error) {
            stats.crossedMessages += 1
            return
        }
        if bunchedInTransit(error) {
            stats.bunchedGuesses += 1
            return
        }
        if configuration.strict {
            record(BotViolation(.errorReceived, "\(error) (ref \(error.ref ?? "none"))"), into: &notices)
            fail("strict: received error \(error)")
            notices.append(.failed(failure ?? ""))
            return
        }
        switch error.ref {
        case "createRoom" where code == nil, "joinRoom" where code == nil, "quickPlay" where code == nil:
            fail("could not enter the room: \(error)")
            notices.append(.failed(failure ?? ""))
        case "startGame" where error.code == .notEnoughPlayers:
            // Someone dropped before the start; try again once enough are back.
            startRequested = false
        default:
            break
        }
    }

    /// True for the refusal of a drawing message, word choice or reaction that was on its way when the
    /// turn moved on (the server ended the turn or picked the word at its deadline). The bot
    /// has already seen the change, since the server sends it first; no client can avoid this
    /// race, so it is not a violation, not even with `--strict`.
    private func crossedTurnChange(_ error: ProtocolError) -> Bool {
        guard error.code == .invalidPhase || error.code == .notDrawer, let ref = error.ref else { return false }
        switch ref {
        case "strokeBegin", "strokePoints", "strokeEnd", "fill", "undo", "clear":
            return !(phase == .drawing && isDrawer)
        case "chooseWord":
            return !(phase == .choosing && isDrawer)
        case "react":
            // A like sent as the pause after the turn ran out.
            return phase != .drawing && phase != .turnEnd
        default:
            return false
        }
    }

    /// True for a guess refused as over the rate limit. The bot sends at most one guess or chat
    /// line a second (`BotTiming.minimumGuessGap`), well inside the contract's 5 per 3 s, so such
    /// a refusal means its lines reached the server bunched (a stalled machine can hold seconds
    /// of them and deliver them at once; the limit counts arrivals). No client can prevent that,
    /// so it is counted, not a violation; the line is lost as the contract says.
    private func bunchedInTransit(_ error: ProtocolError) -> Bool {
        error.code == .rateLimited && error.ref == "guess"
    }

    private mutating func apply(_ snapshot: RoomSnapshot, at now: Duration, notices: inout [BotNotice]) {
        code = snapshot.code
        roomMode = snapshot.mode
        ownerId = snapshot.ownerId
        startsAt = snapshot.startsAt
        players = snapshot.players
        phase = snapshot.phase
        round = snapshot.round
        rounds = snapshot.rounds
        revealSeconds = snapshot.settings.settings.revealSeconds
        drawerId = snapshot.drawerId
        hint = snapshot.hint
        guessedThisTurn = players.first { $0.id == playerId }?.guessed ?? false
        if snapshot.mode == .telephone {
            // Its own drawing so far (after a reload): its next stroke goes above it. The task
            // that follows the snapshot says what to do.
            telephoneLastStrokeId = snapshot.lastStrokeId
            if let step = snapshot.telephone?.step { round = step + 1 }
            rounds = snapshot.telephone?.steps ?? 0
        }
        if !announcedRoom {
            announcedRoom = true
            notices.append(.enteredRoom(code: snapshot.code))
        }
        // A snapshot restarts whatever the bot was doing in this turn.
        clearTurn()
        switch snapshot.phase {
        case .reveal:
            scheduleRevealNext(at: now)
        case .choosing where isDrawer:
            if let choices = snapshot.choices { scheduleChoice(among: choices, at: now) }
        case .drawing where isDrawer:
            if let word = snapshot.word {
                let lastStrokeId = snapshot.strokes.compactMap { item -> Int? in
                    if case .stroke(let stroke) = item { stroke.strokeId } else { nil }
                }.max() ?? 0
                startDrawing(word, firstStrokeId: lastStrokeId + 1, at: now)
            }
        case .drawing where !guessedThisTurn:
            if let word = snapshot.word {
                record(BotViolation(.wordLeaked, "roomState during drawing carries the word '\(word)' for a guesser"), into: &notices)
            }
            leakDetector.begin()
            startGuessing(at: now)
        default:
            break
        }
        notices.append(.progress(progress))
    }

    private mutating func apply(_ event: RoomEvent, at now: Duration, notices: inout [BotNotice]) {
        switch event {
        case .playerJoined(let player):
            if !players.contains(where: { $0.id == player.id }) { players.append(player) }
        case .playerLeft(let id, _):
            players.removeAll { $0.id == id }
        case .playerConnection(let id, let connected):
            updatePlayer(id) { $0.connected = connected }
        case .playerRenamed(let id, let name, _):
            updatePlayer(id) { $0.name = name }
        case .ownerChanged(let id):
            ownerId = id
        case .settingsChanged(let view, _):
            revealSeconds = view.settings.revealSeconds
        case .phaseChoosing(let round, let drawerId, _):
            phase = .choosing
            startsAt = nil
            self.round = round
            self.drawerId = drawerId
            hint = nil
            guessedThisTurn = false
            for index in players.indices { players[index].guessed = false }
            clearTurn()
            notices.append(.progress(progress))
        case .phaseDrawing(_, let hint, let word):
            phase = .drawing
            self.hint = hint
            clearTurn()
            if isDrawer {
                if let word {
                    startDrawing(word, firstStrokeId: 1, at: now)
                } else {
                    record(BotViolation(.malformedMessage, "the drawer's phase drawing has no word"), into: &notices)
                }
            } else {
                if let word {
                    record(BotViolation(.wordLeaked, "phase drawing carries the word '\(word)' for a guesser"), into: &notices)
                }
                leakDetector.begin()
                startGuessing(at: now)
            }
            notices.append(.progress(progress))
        case .phaseLobby(let startsAt):
            // A public room counts down on its own (startsAt) or stops counting (nil); nobody
            // has to press start, so the bot only waits for `phase choosing`.
            phase = .lobby
            self.startsAt = startsAt
            for index in players.indices { players[index].score = 0 }
            notices.append(.progress(progress))
        case .hint(let hint):
            self.hint = hint
        case .playerGuessed(let id, _):
            updatePlayer(id) { $0.guessed = true }
        case .turnEnded(let summary):
            if leakDetector.isCollecting, let word = summary.word, let frame = leakDetector.finish(word: word) {
                record(BotViolation(.wordLeaked, "'\(word)' reached this guesser before it guessed: \(frame.prefix(300))"), into: &notices)
            }
            leakDetector.stop()
            for line in summary.scores { updatePlayer(line.playerId) { $0.score = line.total } }
            phase = .turnEnd
            clearTurn()
            maybeChatAfterTurn(at: now)
            notices.append(.progress(progress))
        case .gameEnded(let summary):
            leakDetector.stop()
            for line in summary.ranking { updatePlayer(line.playerId) { $0.score = line.score } }
            phase = .gameOver
            gameSummary = summary
            clearTurn()
            // A house bot stays for the room's next game; a visiting bot says goodbye.
            if configuration.entry != .seatedByServer { schedule(.leaveRoom, at: now, lane: .control) }
            notices.append(.progress(progress))
            notices.append(.gameEnded(summary))
        case .chat, .mutedChat, .reaction, .kickVote, .drawing:
            break
        case .spectatorJoined, .spectatorLeft, .playerSpectating:
            // A playing bot neither watches nor counts watchers; a watching bot is `WatchBrain`.
            break
        case .stepStarted, .playerSubmitted, .phaseReveal, .chainEntry:
            apply(telephone: event, at: now, notices: &notices)
        }
    }

    private mutating func updatePlayer(_ id: PlayerID, _ change: (inout PlayerInfo) -> Void) {
        guard let index = players.firstIndex(where: { $0.id == id }) else { return }
        change(&players[index])
    }

    /// The creating bot starts the game once everyone it waits for is connected.
    private mutating func maybeStartGame(at now: Duration) {
        guard case .create(_, let wanted) = configuration.entry, !startRequested, gameSummary == nil,
            phase == .lobby, ownerId != nil, ownerId == playerId,
            players.filter(\.connected).count >= wanted
        else { return }
        startRequested = true
        schedule(.startGame, at: now + scaled(BotTiming.pauseBeforeStart), lane: .control)
    }
}
