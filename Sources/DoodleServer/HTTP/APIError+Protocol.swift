import DoodleCore
import HTTPTypes

extension APIError {
    /// A refusal with one of the contract's error codes, at the HTTP status the contract's HTTP
    /// list gives it: 400 for bad input, 404 for what does not exist, 409 for what the pair's
    /// state forbids, 429 for a rate limit (with `Retry-After` when `retryAfterSeconds` is given).
    init(_ error: ProtocolError, retryAfterSeconds: Int? = nil) {
        var headers = HTTPFields()
        if let retryAfterSeconds { headers[.retryAfter] = String(retryAfterSeconds) }
        self.init(
            status: Self.status(for: error.code), code: error.code.rawValue, message: error.message, headers: headers, reason: error.reason,
            untilMillis: error.untilMillis)
    }

    /// What `PairActions` answered, as the HTTP routes answer it. A `rate_limited` refusal
    /// carries `Retry-After: retryAfterSeconds`.
    init(_ error: PairActionError, retryAfterSeconds: Int) {
        switch error {
        case .notFound: self = .notFound("no drawing has that id")
        case .refused(let refusal): self.init(refusal, retryAfterSeconds: refusal.code == .rateLimited ? retryAfterSeconds : nil)
        case .hostedElsewhere:
            self.init(ProtocolError(.internal, "the pair room moved while the call was made; try again"), retryAfterSeconds: 1)
        case .hostUnreachable(let wait):
            self.init(ProtocolError(.internal, "the server holding your pair room does not answer; try again later"), retryAfterSeconds: wait)
        }
    }

    static func status(for code: ErrorCode) -> HTTPResponse.Status {
        switch code {
        case .badMessage, .invalidName, .invalidCode, .invalidSettings, .invalidStroke, .wordLeak, .unsupportedProtocol, .notReady:
            .badRequest
        case .roomNotFound: .notFound
        case .notPaired, .invalidTarget, .alreadyPaired, .roomFull, .roomLocked, .banned, .alreadyInRoom, .notInRoom, .notOwner,
            .notDrawer, .invalidPhase, .notEnoughPlayers:
            .conflict
        case .rateLimited: .tooManyRequests
        case .internal: .internalServerError
        }
    }
}
