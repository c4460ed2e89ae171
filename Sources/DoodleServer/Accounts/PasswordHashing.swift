/// Hashes and checks passwords with bcrypt, off the event loops and the cooperative pool, at
/// most a fixed number at a time (a login flood must not starve the rooms): the rest wait in a
/// bounded queue, and beyond it are refused as busy.
protocol PasswordHashing: Sendable {
    /// A new bcrypt hash of the password (cost ≥ 12, fresh salt).
    func hash(_ password: String) async throws(PasswordHashingError) -> String

    /// Whether the password matches the hash. With no hash (an unknown email) it checks
    /// against a fixed hash of the same cost and answers false, so both take the same time.
    func verify(_ password: String, against hash: String?) async throws(PasswordHashingError) -> Bool
}

enum PasswordHashingError: Error, Equatable, Sendable {
    /// Too many hashes are already running and waiting (the client gets 503, try later).
    case busy
    /// The server is shutting down.
    case stopped
}
