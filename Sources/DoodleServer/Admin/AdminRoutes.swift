import DoodleCore
import Foundation
import Hummingbird
import Logging

/// The operators' API under `/v1/admin/` (PROTOCOL.md rev 4, "Moderation"), registered only
/// when the server has an admin token. Every route sits behind `AdminGate`; each change is
/// carried out on the live game (`LiveModeration`, every node) and answered with what it did.
struct AdminRoutes {
    static let prefix = "/v1/admin"

    let token: AdminToken
    let addresses: ClientAddress
    let moderation: LiveModeration
    let clock: any GameClock
    let logger: Logger

    /// Largest admin request body: a reason or a note is a line or two.
    static let maxBodyBytes = 16 * 1024

    func register(on router: Router<DoodleRequestContext>) {
        let admin = router.group(RouterPath(Self.prefix))
            .add(middleware: AdminGate(token: token, lockout: AdminLockout(), addresses: addresses, clock: clock))
        registerRooms(on: admin)
    }
}

/// The texts operators write (a closing reason, a ban's reason, a report's note): trimmed, one
/// to `maxLength` characters, no control characters.
enum AdminText {
    static func validate(_ text: String, field: String, maxLength: Int) throws(APIError) -> String {
        let trimmed = text.trimmingCharacters(in: .whitespacesAndNewlines)
        guard !trimmed.isEmpty, trimmed.count <= maxLength else {
            throw APIError.badRequest("\(field) must be 1 to \(maxLength) characters")
        }
        guard !trimmed.unicodeScalars.contains(where: { $0.properties.generalCategory == .control }) else {
            throw APIError.badRequest("\(field) must not contain control characters")
        }
        return trimmed
    }
}
