import DoodleClient
import DoodleCore

extension PairBotBrain {
    /// Handles one frame received at `now` and returns what the driver should know about it.
    public mutating func handle(_ frame: ServerFrame, at now: Duration) -> [PairBotNotice] {
        var notices: [PairBotNotice] = []
        let message: PairServerMessage
        do {
            message = try frame.pairMessage()
        } catch {
            leakWatch.record(frame.text, me: playerId, received: received)
            record(BotViolation(.malformedMessage, "\(error)"), into: &notices)
            return notices
        }
        noteDeliveries(in: message)
        leakWatch.record(frame.text, me: playerId, received: received)
        if let violation = tracker.observe(message) {
            record(BotViolation(.sequence, violation.description), into: &notices)
        }
        if message.seq != nil, !inPairRoom, pairId != nil, !isUnpaired {
            // A replay after a resume: the bot is back in its room without a roomState.
            resumeEntered(at: now)
        }
        switch message {
        case .welcome(let welcome):
            welcomed(welcome, at: now)
        case .roomState(let snapshot):
            apply(snapshot, at: now, notices: &notices)
        case .pair(let event):
            apply(event, at: now, notices: &notices)
        }
        return notices
    }

    /// Remembers a drawing delivered to this bot before the frame is recorded, so the frame
    /// that delivered it is checked for its word too.
    private mutating func noteDeliveries(in message: PairServerMessage) {
        switch message {
        case .roomState(let snapshot):
            for item in snapshot.inbox { leakWatch.watch(item.drawingId) }
        case .pair(.drawingReceived(let item, _)):
            leakWatch.watch(item.drawingId)
        default:
            break
        }
    }

    private mutating func welcomed(_ welcome: Welcome, at now: Duration) {
        playerId = welcome.playerId
        token = welcome.token
        welcomes += 1
        if !entryRequested {
            entryRequested = true
            switch configuration.role {
            case .creator: schedule(.send(.createRoom(mode: .pair, settings: SettingsPatch())), at: now)
            case .joiner(let code): schedule(.send(.joinRoom(code: code)), at: now)
            }
        } else if !isUnpaired {
            seatDeadline = now + PairBotTiming.seatWait
        }
    }

    /// The first room frame after a resume: the bot is back in its pair room.
    private mutating func resumeEntered(at now: Duration) {
        inPairRoom = true
        seatDeadline = nil
        resumeWork(at: now)
    }

    private mutating func apply(_ snapshot: PairRoomSnapshot, at now: Duration, notices: inout [PairBotNotice]) {
        seatDeadline = nil
        switch snapshot.phase {
        case .waiting:
            inPairRoom = false
            if let open = snapshot.code {
                if code == nil { notices.append(.pairCode(open)) }
                code = open
            }
        case .paired:
            let firstTime = pairId == nil
            pairId = snapshot.pair?.pairId
            inPairRoom = true
            if firstTime, let pairId { notices.append(.paired(pairId: pairId)) }
            // Drawings waiting for the bot: those it had not heard of were sent while it was away.
            let known = Set(inbox.map(\.drawingId))
            for item in snapshot.inbox where !known.contains(item.drawingId) {
                if !received.contains(item.drawingId) { stats.foundInInbox += 1 }
                deliver(item, at: now)
            }
            let waiting = Set(snapshot.inbox.map(\.drawingId))
            for drawing in inbox where !waiting.contains(drawing.drawingId) {
                guard drawing.answered else {
                    record(BotViolation(.malformedMessage, "drawing \(drawing.drawingId) is unresolved here but missing from the roomState inbox"), into: &notices)
                    continue
                }
                // The bot's last guess or give-up resolved it, and the answer was lost with the
                // connection: the outcome is in the history, and the word was never seen here.
                inbox.removeAll { $0.drawingId == drawing.drawingId }
                resolvedReceived.insert(drawing.drawingId)
                leakWatch.forget(drawing.drawingId)
                stats.resolvedUnheard += 1
            }
            for item in snapshot.sent where acknowledged[item.clientDrawingId] != item.drawingId {
                record(BotViolation(.malformedMessage, "roomState.sent has \(item.drawingId) (\(item.clientDrawingId)), never acknowledged"), into: &notices)
            }
            let stillPending = Set(snapshot.sent.map(\.drawingId))
            for drawingId in unresolvedOwn where !stillPending.contains(drawingId) {
                // Resolved while the bot was away: the result is in the history, not the room.
                unresolvedOwn.remove(drawingId)
            }
            resumeWork(at: now)
        }
    }

    private mutating func apply(_ event: PairMessage, at now: Duration, notices: inout [PairBotNotice]) {
        switch event {
        case .playerConnection:
            break
        case .drawingSent(let clientDrawingId, let drawingId, let seq):
            acknowledge(clientDrawingId: clientDrawingId, drawingId: drawingId, repeated: seq == nil, at: now, notices: &notices)
        case .drawingReceived(let item, _):
            if item.fromId == playerId {
                record(BotViolation(.malformedMessage, "drawingReceived for the bot's own drawing \(item.drawingId)"), into: &notices)
            } else if !received.contains(item.drawingId) {
                deliver(item, at: now)
            }
        case .guessResult(let drawingId, let correct, let close, _):
            if let index = inbox.firstIndex(where: { $0.drawingId == drawingId }) { inbox[index].awaitingResult = false }
            if correct {
                nextGuessAt = nil
                // The right guess is the word: what arrived before it is checked now, what follows may carry it.
                if let guess = inbox.first(where: { $0.drawingId == drawingId })?.lastGuess,
                    let type = leakWatch.resolve(drawingId, word: guess)
                {
                    record(BotViolation(.wordLeaked, "the word of \(drawingId) reached the recipient in a \(type) before it guessed it"), into: &notices)
                }
            } else if close, let index = inbox.firstIndex(where: { $0.drawingId == drawingId }) {
                stats.closeGuesses += 1
                if let guess = inbox[index].lastGuess { inbox[index].planner.heardClose(to: guess) }
            }
        case .chat:
            break
        case .drawingGuessed(let resolution, _), .drawingRevealed(let resolution, _):
            resolved(resolution, guessed: { if case .drawingGuessed = event { true } else { false } }(), at: now, notices: &notices)
        case .wordSuggestions(let words):
            heardSuggestions(words, at: now)
        case .unpaired(let by, _):
            ended(by: by, notices: &notices)
        case .error(let error) where error.code == .rateLimited && error.ref == "guess":
            // The bot spaces its guesses well under the limit, but a busy machine can deliver
            // them bunched: the server refused one, as it should. The bot waits and goes on.
            stats.guessesRefused += 1
            // A refused guess gets no guessResult.
            if !inbox.isEmpty { inbox[0].awaitingResult = false }
            if nextGuessAt != nil { nextGuessAt = now + PairBotTiming.rateLimitBackOff }
        case .error(let error):
            record(BotViolation(.errorReceived, "\(error) (ref \(error.ref ?? "none"))"), into: &notices)
            if error.ref == "joinRoom" || error.ref == "createRoom" {
                fail("could not enter the pair room: \(error)")
                notices.append(.failed("could not enter the pair room: \(error)"))
            }
        }
    }

    private mutating func ended(by player: PlayerID, notices: inout [PairBotNotice]) {
        isUnpaired = true
        inPairRoom = false
        outbox.removeAll()
        nextGuessAt = nil
        for drawing in inbox { leakWatch.forget(drawing.drawingId) }
        inbox.removeAll()
        if player != playerId && configuration.role == .creator {
            record(BotViolation(.errorReceived, "the partner \(player) unpaired; the creator unpairs"), into: &notices)
        }
        notices.append(.unpaired)
    }

    private mutating func acknowledge(clientDrawingId: String, drawingId: String, repeated: Bool, at now: Duration, notices: inout [PairBotNotice]) {
        if let first = repeatedSubmits[clientDrawingId] ?? (repeated ? acknowledged[clientDrawingId] : nil) {
            if first != drawingId {
                record(BotViolation(.malformedMessage, "repeated submit of \(clientDrawingId) answered \(drawingId), first \(first)"), into: &notices)
            }
            repeatedSubmits[clientDrawingId] = nil
            if openDrawing?.clientDrawingId != clientDrawingId { return }
        }
        guard let open = openDrawing, open.clientDrawingId == clientDrawingId, let submittedAt = open.submittedAt else {
            record(BotViolation(.malformedMessage, "drawingSent for \(clientDrawingId), which this bot is not submitting"), into: &notices)
            return
        }
        let milliseconds = Self.milliseconds(now - submittedAt)
        acknowledgementMilliseconds.append(milliseconds)
        stats.slowestAcknowledgementMilliseconds = max(stats.slowestAcknowledgementMilliseconds, milliseconds)
        acknowledged[clientDrawingId] = drawingId
        unresolvedOwn.insert(drawingId)
        stats.drawingsSent += 1
        openDrawing = nil
        if Double.random(in: 0..<1, using: &random) < configuration.repeatSubmitChance {
            repeatedSubmits[clientDrawingId] = drawingId
            stats.repeatedSubmits += 1
            schedule(.send(.submitDrawing(clientDrawingId: clientDrawingId)), at: now)
        }
        if Double.random(in: 0..<1, using: &random) < configuration.offlineChance, !unpairRequested {
            let back = now + scaled(PairBotTiming.offline)
            schedule(.goOffline(until: back), at: now + .milliseconds(1))
        } else {
            scheduleNextDrawing(at: now + scaled(PairBotTiming.pauseBetweenDrawings))
        }
        considerUnpairing(at: now)
    }

    private mutating func resolved(_ resolution: DrawingResolution, guessed: Bool, at now: Duration, notices: inout [PairBotNotice]) {
        if unresolvedOwn.remove(resolution.drawingId) != nil {
            considerUnpairing(at: now)
            return
        }
        guard let index = inbox.firstIndex(where: { $0.drawingId == resolution.drawingId }) else {
            if !resolvedReceived.contains(resolution.drawingId) && !Set(acknowledged.values).contains(resolution.drawingId) {
                record(BotViolation(.malformedMessage, "\(resolution.drawingId) resolved, but it is neither this bot's nor waiting for it"), into: &notices)
            }
            return
        }
        inbox.remove(at: index)
        resolvedReceived.insert(resolution.drawingId)
        if guessed { stats.guessed += 1 } else { stats.gaveUp += 1 }
        if let type = leakWatch.resolve(resolution.drawingId, word: resolution.word) {
            record(BotViolation(.wordLeaked, "the word of \(resolution.drawingId) reached the recipient in a \(type) before it was resolved"), into: &notices)
        }
        scheduleGuessing(at: now)
        considerUnpairing(at: now)
    }
}
