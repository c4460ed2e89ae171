import DoodleCore
import DoodleStorage
import Hummingbird
import NIOCore

/// Pair mode's changing routes (PROTOCOL.md, "Offline clients"): upload a drawing, guess, give
/// up, unpair. Each goes through `PairActions`, that is through the pair's room, so what a client
/// does over HTTP and what its partner does over the WebSocket happen one at a time.
struct PairActionRoutes {
    let pairs: any PairActions
    let authentication: BearerAuthentication
    /// Guesses per player over HTTP (GameRules `rateLimits.guess`).
    let guessLimit: RateLimitRule
    let clock: any GameClock

    /// Largest upload body; beyond it 413 `too_large`.
    static let maxUploadBytes = 2 * 1024 * 1024
    /// Largest guess body: a guess is at most 200 characters, so this leaves room for escapes.
    static let maxGuessBytes = 16 * 1024

    func register(on router: Router<DoodleRequestContext>) {
        let guesses = PlayerRateLimiter(rule: guessLimit)
        // A room's own `rate_limited` refusal names no wait; a whole window is always enough.
        let retryAfterSeconds = Int((guessLimit.windowMilliseconds + 999) / 1000)

        router.post("/v1/me/pair/drawings") { request, _ -> EditedResponse<UploadAnswer> in
            let player = try await authentication.player(request).playerId
            let upload = try Self.read(PairRequestBody.upload, from: try await JSONRequestBody.collect(request, upTo: Self.maxUploadBytes))
            let receipt = try await pairs.upload(upload, by: player).get(retryAfterSeconds: retryAfterSeconds)
            // 201 for a new drawing; a retry of a stored clientDrawingId gets the same body with 200.
            return EditedResponse(status: receipt.created ? .created : .ok, response: UploadAnswer(drawingId: receipt.drawingId))
        }
        router.post("/v1/me/pair/drawings/{id}/guess") { request, context -> GuessAnswer in
            let player = try await authentication.player(request).playerId
            let drawingId = try context.parameters.identifier("id", of: "drawing")
            if case .limited(let wait) = guesses.record(player, now: clock.nowMillis()) {
                let refusal = ProtocolError(.rateLimited, "at most \(guessLimit.count) guesses per \(guessLimit.windowMilliseconds) ms")
                throw APIError(refusal, retryAfterSeconds: wait)
            }
            let text = try Self.read(PairRequestBody.guessText, from: try await JSONRequestBody.collect(request, upTo: Self.maxGuessBytes))
            let answer = try await pairs.guess(drawingId: drawingId, text: text, by: player).get(retryAfterSeconds: retryAfterSeconds)
            return GuessAnswer(drawingId: answer.drawingId, correct: answer.correct, close: answer.close, gained: answer.gained)
        }
        router.post("/v1/me/pair/drawings/{id}/give-up") { request, context -> GiveUpAnswer in
            let player = try await authentication.player(request).playerId
            let drawingId = try context.parameters.identifier("id", of: "drawing")
            let word = try await pairs.giveUp(drawingId: drawingId, by: player).get(retryAfterSeconds: retryAfterSeconds)
            return GiveUpAnswer(drawingId: drawingId, word: word)
        }
        router.delete("/v1/me/pair") { request, _ -> UnpairAnswer in
            let player = try await authentication.player(request).playerId
            let pairId = try await pairs.unpair(by: player).get(retryAfterSeconds: retryAfterSeconds)
            return UnpairAnswer(pairId: pairId, by: player)
        }
    }

    /// `body` read by `reader`; a body that does not read is the 400 its code gives.
    private static func read<Value>(_ reader: (ByteBuffer) throws(ProtocolError) -> Value, from body: ByteBuffer) throws(APIError) -> Value {
        do {
            return try reader(body)
        } catch {
            throw APIError(error)
        }
    }

    struct UploadAnswer: ResponseEncodable {
        let drawingId: String
    }

    struct GuessAnswer: ResponseEncodable {
        let drawingId: String
        let correct: Bool
        let close: Bool
        let gained: Int
    }

    struct GiveUpAnswer: ResponseEncodable {
        let drawingId: String
        let word: String
    }

    struct UnpairAnswer: ResponseEncodable {
        let pairId: String
        let by: PlayerID
    }
}

extension Result where Failure == PairActionError {
    /// The value, or the refusal as the HTTP answer the contract gives it.
    fileprivate func get(retryAfterSeconds: Int) throws -> Success {
        switch self {
        case .success(let value): value
        case .failure(let error): throw APIError(error, retryAfterSeconds: retryAfterSeconds)
        }
    }
}
