import DoodleCore
import DoodleStorage
import Logging

/// The HTTP routes' way into pairs: each call goes through the pair's room, loaded for it when
/// nobody is in it and let go again after. In a cluster, a call for a room another node hosts is
/// handed to that node, which runs it on its room and answers.
extension PairRegistry: PairActions {
    func upload(_ upload: PairUpload, by player: PlayerID) async -> Result<PairUploadReceipt, PairActionError> {
        await routed(.upload(upload, by: player)) { if case .uploaded(let receipt) = $0 { receipt } else { nil } }
    }

    func guess(drawingId: String, text: String, by player: PlayerID) async -> Result<PairGuessAnswer, PairActionError> {
        await routed(.guess(drawingId: drawingId, text: text, by: player)) { if case .guessed(let answer) = $0 { answer } else { nil } }
    }

    func giveUp(drawingId: String, by player: PlayerID) async -> Result<String, PairActionError> {
        await routed(.giveUp(drawingId: drawingId, by: player)) { if case .gaveUp(let word) = $0 { word } else { nil } }
    }

    func unpair(by player: PlayerID) async -> Result<String, PairActionError> {
        await routed(.unpair(by: player)) { if case .unpaired(let pairId) = $0 { pairId } else { nil } }
    }

    /// A call another node handed over because the directory says this node hosts the room. If
    /// the room has moved on meanwhile, the caller is told to try again rather than sent on.
    func answerForwarded(_ call: PairCall) async -> PairCallAnswer {
        let answer = await runHere(call)
        if case .failed(.hostedElsewhere) = answer { return .failed(.hostUnreachable(retryAfterSeconds: 1)) }
        return answer
    }

    // MARK: - Running calls

    /// Runs `call` here, or on the node hosting the pair's room.
    private func routed<Answer>(_ call: PairCall, _ extract: (PairCallAnswer) -> Answer?) async -> Result<Answer, PairActionError> {
        var answer = await runHere(call)
        if case .failed(.hostedElsewhere(let node)) = answer, let hosting {
            answer = await hosting.forwarding.call(call, on: node.id)
        }
        if case .failed(let error) = answer { return .failure(error) }
        guard let value = extract(answer) else {
            return .failure(.refused(ProtocolError(.internal, "the pair room gave an answer to another question")))
        }
        return .success(value)
    }

    private func runHere(_ call: PairCall) async -> PairCallAnswer {
        switch call {
        case .upload(let upload, let player): Self.answer(await uploadHere(upload, by: player), PairCallAnswer.uploaded)
        case .guess(let drawingId, let text, let player): Self.answer(await guessHere(drawingId: drawingId, text: text, by: player), PairCallAnswer.guessed)
        case .giveUp(let drawingId, let player): Self.answer(await giveUpHere(drawingId: drawingId, by: player), { .gaveUp(word: $0) })
        case .unpair(let player): Self.answer(await unpairHere(by: player), { .unpaired(pairId: $0) })
        }
    }

    private static func answer<Value>(_ result: Result<Value, PairActionError>, _ success: (Value) -> PairCallAnswer) -> PairCallAnswer {
        switch result {
        case .success(let value): success(value)
        case .failure(let error): .failed(error)
        }
    }

    private func uploadHere(_ upload: PairUpload, by player: PlayerID) async -> Result<PairUploadReceipt, PairActionError> {
        await inOwnPair(player) { room in await room.upload(upload, by: player) }.flatMap { answers in
            for answer in answers {
                if case .drawingSent(_, let drawingId, let seq) = answer {
                    return .success(PairUploadReceipt(drawingId: drawingId, created: seq != nil))
                }
            }
            return .failure(Self.refusal(in: answers))
        }
    }

    private func guessHere(drawingId: String, text: String, by player: PlayerID) async -> Result<PairGuessAnswer, PairActionError> {
        await onDrawingSent(to: player, drawingId: drawingId) { room in await room.guess(drawingId: drawingId, text: text, by: player) }
            .flatMap { answers in
                for answer in answers {
                    if case .guessResult(let id, let correct, let close, let gained) = answer {
                        return .success(PairGuessAnswer(drawingId: id, correct: correct, close: close, gained: gained))
                    }
                }
                return .failure(Self.refusal(in: answers))
            }
    }

    private func giveUpHere(drawingId: String, by player: PlayerID) async -> Result<String, PairActionError> {
        await onDrawingSent(to: player, drawingId: drawingId) { room in await room.giveUp(drawingId: drawingId, by: player) }
            .flatMap { answers in
                for answer in answers {
                    if case .drawingRevealed(let resolution, _) = answer { return .success(resolution.word) }
                }
                return .failure(Self.refusal(in: answers))
            }
    }

    private func unpairHere(by player: PlayerID) async -> Result<String, PairActionError> {
        await inOwnPair(player) { room in await room.unpair(by: player).map { ($0, room.pairId) } }.flatMap { answers, pairId in
            for answer in answers {
                if case .unpaired = answer { return .success(pairId) }
            }
            return .failure(Self.refusal(in: answers))
        }
    }

    // MARK: - Helpers

    /// Runs a call on the player's live pair's room, which is let go again if nobody is in it.
    private func inOwnPair<Answer: Sendable>(
        _ player: PlayerID, _ call: (PairRoom) async -> Answer?
    ) async -> Result<Answer, PairActionError> {
        do {
            guard let pairId = try await pairs.pairId(of: player) else {
                return .failure(.refused(ProtocolError(.notPaired, "you have no partner")))
            }
            return try await onRoom(pairId, call)
        } catch PairRegistryError.hostedElsewhere(let node) {
            return .failure(.hostedElsewhere(node))
        } catch {
            logger.error("a pair call failed", metadata: ["player": "\(player)", "error": "\(error)"])
            return .failure(.refused(ProtocolError(.internal, "the pair could not be reached; try again")))
        }
    }

    /// Runs a guess or give-up on the room of the pair a drawing belongs to, after checking it
    /// was sent to `player`: unknown and foreign drawings are not found, the caller's own or a
    /// resolved one are refused.
    private func onDrawingSent(
        to player: PlayerID, drawingId: String, _ call: (PairRoom) async -> [PairMessage]?
    ) async -> Result<[PairMessage], PairActionError> {
        do {
            guard let parties = try await pairs.parties(ofDrawing: drawingId),
                parties.senderKey == player || parties.recipientId == player
            else { return .failure(.notFound) }
            guard parties.recipientId == player, parties.status == .pending else {
                return .failure(.refused(ProtocolError(.invalidTarget, "that drawing is yours, or no longer waits for a guess")))
            }
            return try await onRoom(parties.pairId, call)
        } catch PairRegistryError.hostedElsewhere(let node) {
            return .failure(.hostedElsewhere(node))
        } catch {
            logger.error("a pair call failed", metadata: ["player": "\(player)", "error": "\(error)"])
            return .failure(.refused(ProtocolError(.internal, "the pair could not be reached; try again")))
        }
    }

    private func onRoom<Answer: Sendable>(_ pairId: String, _ call: (PairRoom) async -> Answer?) async throws -> Result<Answer, PairActionError> {
        guard let answer = try await withRoomForCall(pairId, call) else {
            return .failure(.refused(ProtocolError(.invalidTarget, "that pair has ended")))
        }
        return .success(answer)
    }

    /// The first error among a room's answers, as a refusal.
    private static func refusal(in answers: [PairMessage]) -> PairActionError {
        for answer in answers {
            if case .error(let error) = answer { return .refused(error) }
        }
        return .refused(ProtocolError(.internal, "the pair room gave no answer"))
    }
}
