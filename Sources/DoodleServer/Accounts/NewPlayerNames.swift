import DoodleCore
import DoodleStorage

/// The player a sign-in makes when it names no existing one: called by the request's `name`,
/// checked as `hello` checks names (blocklist included), else "Player".
struct NewPlayerNames: Sendable {
    let maxLength: Int
    let blocklist: Blocklist
    let metrics: ServerMetrics

    static let defaultName = "Player"

    /// - Throws: 400 `invalid_name` for a name `hello` would refuse.
    func newPlayer(named raw: String?) throws -> NewPlayer {
        var name = Self.defaultName
        if let raw {
            switch NameValidator.validate(raw, maxLength: maxLength, blocklist: blocklist) {
            case .failure(let refusal):
                metrics.nameRefused(forBlockedWord: refusal.reason == .blockedWord)
                throw APIError(refusal.error)
            case .success(let valid):
                name = valid
            }
        }
        var generator = SystemRandomNumberGenerator()
        return NewPlayer(id: OpaqueID.make(prefix: "p_", using: &generator), name: name)
    }
}
