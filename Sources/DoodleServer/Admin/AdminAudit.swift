import DoodleCore
import DoodleStorage
import Foundation
import Hummingbird
import Logging

/// Writes each operator action to the audit log once it is done: what was called, its
/// arguments as JSON, the operator's client address and the time. The action has happened by
/// then, so a log that cannot be written does not undo it or turn its answer into an error: the
/// entry goes to the server's log instead, at error level, whole.
struct AdminAudit: Sendable {
    let store: any ModerationStore
    let addresses: ClientAddress
    let clock: any GameClock
    let logger: Logger

    /// The actions, as the log names them.
    enum Action: String {
        case closeRoom, ban, unban, deleteDrawing, resolveReport, banAddress, liftAddressBan
    }

    func record(_ action: Action, _ arguments: some Encodable, request: Request, context: DoodleRequestContext) async {
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        let text = (try? encoder.encode(arguments)).map { String(decoding: $0, as: UTF8.self) } ?? "{}"
        let entry = AuditDraft(action: action.rawValue, arguments: text, address: addresses.of(request, context: context), at: clock.nowMillis())
        do {
            try await store.audit(entry)
        } catch {
            logger.error(
                "an admin action could not be written to the audit log",
                metadata: [
                    "action": "\(entry.action)", "arguments": "\(entry.arguments)", "address": "\(entry.address ?? "-")", "at": "\(entry.at)",
                    "error": "\(error)",
                ])
        }
    }
}
