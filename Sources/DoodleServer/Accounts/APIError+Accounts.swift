import HTTPTypes

extension APIError {
    /// 401 `invalid_credentials`: a sign-in whose proof did not hold. The client learns nothing
    /// about which part failed (the log says, for the operator).
    static func invalidCredentials(_ message: String) -> APIError {
        APIError(status: .unauthorized, code: "invalid_credentials", message: message)
    }

    /// 409 `email_taken`: registering an address that already has a login.
    static let emailTaken = APIError(status: .conflict, code: "email_taken", message: "this email address is already registered; sign in instead")

    /// 400 `weak_password`, saying what to change.
    static func weakPassword(_ message: String) -> APIError {
        APIError(status: .badRequest, code: "weak_password", message: message)
    }

    /// 429 with `Retry-After`: the email's failed logins are over the limit.
    static func loginLocked(retryAfterSeconds: Int) -> APIError {
        var headers = HTTPFields()
        headers[.retryAfter] = String(retryAfterSeconds)
        return APIError(
            status: .tooManyRequests, code: "rate_limited",
            message: "too many failed sign-ins for this email address; try again in \(retryAfterSeconds) s", headers: headers)
    }

    /// 503 with `Retry-After: 1`: the password hasher is saturated, or shutting down.
    static let hasherBusy: APIError = {
        var headers = HTTPFields()
        headers[.retryAfter] = "1"
        return APIError(status: .serviceUnavailable, code: "busy", message: "the server is busy checking passwords; try again in a moment", headers: headers)
    }()
}
