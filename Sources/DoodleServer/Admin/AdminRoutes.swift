import DoodleCore
import DoodleStorage
import Foundation
import Hummingbird
import Logging

/// The operators' API under `/v1/admin/` (PROTOCOL.md rev 4, "Moderation"), registered only
/// when the server has an admin token. Every route sits behind `AdminGate`; each change is
/// stored, carried out on the live game (`LiveModeration`, every node), written to the audit
/// log (`AdminAudit`) and answered with what it did.
struct AdminRoutes {
    static let prefix = "/v1/admin"

    let token: AdminToken
    let addresses: ClientAddress
    let moderation: LiveModeration
    let store: any ModerationStore
    let players: PlayerRepository
    /// Read again at once after an address ban changes here.
    let addressBans: AddressBanList
    let storage: StorageCalls
    let clock: any GameClock
    let logger: Logger

    var audit: AdminAudit { AdminAudit(store: store, addresses: addresses, clock: clock, logger: logger) }

    static let defaultPageLimit = 50
    static let maxPageLimit = 100

    /// Largest admin request body: a reason or a note is a line or two.
    static let maxBodyBytes = 16 * 1024

    func register(on router: Router<DoodleRequestContext>) {
        let admin = router.group(RouterPath(Self.prefix))
            .add(middleware: AdminGate(token: token, lockout: AdminLockout(), addresses: addresses, clock: clock))
        registerRooms(on: admin)
        registerPlayers(on: admin)
        registerAddressBans(on: admin)
        registerDrawings(on: admin)
        registerReports(on: admin)
        registerAudit(on: admin)
    }

    /// `limit` from the query: absent gives `defaultPageLimit`; anything but an integer from 1
    /// to `maxPageLimit` is refused.
    static func pageLimit(in fields: QueryFields) throws(QueryFieldError) -> Int {
        try fields.integer("limit", in: 1...maxPageLimit) ?? defaultPageLimit
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
