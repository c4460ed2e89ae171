import DoodleCore
import DoodleStorage
import Logging

/// The HTTP routes' way into pairs: each call goes through the pair's room, loaded for it when
/// nobody is in it and let go again after.
extension PairRegistry: PairActions {
    func upload(_ upload: PairUpload, by player: PlayerID) async -> Result<PairUploadReceipt, PairActionError> {
        await inOwnPair(player) { room in await room.upload(upload, by: player) }.flatMap { answers in
            for answer in answers {
                if case .drawingSent(_, let drawingId, let seq) = answer {
                    return .success(PairUploadReceipt(drawingId: drawingId, created: seq != nil))
                }
            }
            return .failure(Self.refusal(in: answers))
        }
    }

    func guess(drawingId: String, text: String, by player: PlayerID) async -> Result<PairGuessAnswer, PairActionError> {
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

    func giveUp(drawingId: String, by player: PlayerID) async -> Result<String, PairActionError> {
        await onDrawingSent(to: player, drawingId: drawingId) { room in await room.giveUp(drawingId: drawingId, by: player) }
            .flatMap { answers in
                for answer in answers {
                    if case .drawingRevealed(let resolution, _) = answer { return .success(resolution.word) }
                }
                return .failure(Self.refusal(in: answers))
            }
    }

    func unpair(by player: PlayerID) async -> Result<String, PairActionError> {
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
