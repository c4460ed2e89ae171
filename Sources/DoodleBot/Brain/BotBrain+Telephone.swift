import DoodleCore

/// Telephone rooms: the bot writes short sentences from its vocabulary, draws a prompt's sketch
/// when it has one for a word of it (else a doodle), and describes a drawing it cannot see
/// with a word of its vocabulary, which its report says. As owner it moves the reveal on.
extension BotBrain {
    /// A task from the server (also again after a reload): what to send, and when.
    mutating func startTask(_ task: TelephoneTask, at now: Duration, notices: inout [BotNotice]) {
        guard roomMode == .telephone else {
            record(BotViolation(.malformedMessage, "a telephone task reached a bot in a \(roomMode?.rawValue ?? "?") room"), into: &notices)
            return
        }
        // A task replaces whatever the last one still had to send.
        clearTurn()
        let submitAt = now + scaled(BotTiming.thinkBeforeWriting)
        switch task.kind {
        case .write:
            let text = sentence()
            stats.textsWritten += 1
            schedule(.submitText(text), at: submitAt, lane: .turn)
        case .describe:
            // The bot cannot see: a word of its vocabulary stands for what it would have seen.
            let word = configuration.vocabulary.pack.randomElement(using: &random) ?? "something"
            stats.descriptions.append(word)
            schedule(.submitText(word), at: submitAt, lane: .turn)
        case .draw:
            let prompt = task.prompt ?? ""
            let words = prompt.split(whereSeparator: { !$0.isLetter }).map { String($0).lowercased() }
            let word = words.first(where: SketchLibrary.hasSketch(for:)) ?? words.max { $0.count < $1.count } ?? ""
            let firstStrokeId = (telephoneLastStrokeId ?? 0) + 1
            telephoneLastStrokeId = nil
            let finished = startDrawing(word, firstStrokeId: firstStrokeId, at: now)
            schedule(.submitTelephoneDrawing, at: max(finished, submitAt), lane: .turn)
        }
    }

    mutating func apply(telephone event: RoomEvent, at now: Duration, notices: inout [BotNotice]) {
        switch event {
        case .stepStarted(let step, let steps, _, _):
            phase = .step
            round = step + 1
            rounds = steps
            stepChangedAt = now
            stats.stepsSeen += 1
            notices.append(.progress(progress))
        case .playerSubmitted:
            break
        case .phaseReveal:
            phase = .reveal
            stepChangedAt = now
            clearTurn()
            scheduleRevealNext(at: now)
            notices.append(.progress(progress))
        case .chainEntry:
            stats.entriesRevealed += 1
            scheduleRevealNext(at: now)
        default:
            break
        }
    }

    /// The owner shows the next entry after a look at this one.
    mutating func scheduleRevealNext(at now: Duration) {
        guard phase == .reveal, ownerId != nil, ownerId == playerId else { return }
        schedule(.revealNext, at: now + scaled(BotTiming.betweenReveals), lane: .turn)
    }

    /// "a <word> with a <word>": short, and from the pack, so that the next player can draw it.
    private mutating func sentence() -> String {
        let pack = configuration.vocabulary.pack
        guard let first = pack.randomElement(using: &random), let second = pack.randomElement(using: &random) else {
            return "a cat on a bicycle"
        }
        let joint = ["with", "on", "next to", "under", "eating"].randomElement(using: &random) ?? "with"
        return "a \(first) \(joint) a \(second)"
    }

    /// True for a telephone message refused because the step it belonged to ended on its way:
    /// the server's `stepStarted` (or the reveal) reached the bot just before the refusal.
    func crossedStepChange(_ error: ProtocolError) -> Bool {
        guard roomMode == .telephone, error.code == .invalidPhase, let ref = error.ref, let changed = stepChangedAt else { return false }
        switch ref {
        case "strokeBegin", "strokePoints", "strokeEnd", "fill", "undo", "clear", "submitText", "submitDrawing", "revealNext":
            return lastFrameAt - changed < Self.stepCrossingWindow
        default:
            return false
        }
    }

    /// A message sent just before a step ended arrives within a round trip of it.
    static let stepCrossingWindow = Duration.seconds(2)
}
