import DoodleCore
import DoodleStorage
import Foundation
import HTTPTypes
import Hummingbird
import Logging

/// `POST /v1/admin/rooms/{code}/close {"reason"}`: the party room's members get
/// `roomClosed {"reason"}` and close 4005; the room is gone (code free, unlisted). 204 when this
/// node hosted it, 202 when its node was told to; 404 `room_not_found` for a code no live party
/// room has — a pair code included, since pair rooms are not closed this way.
extension AdminRoutes {
    /// The longest closing reason: it is shown to every member.
    static let maxCloseReasonLength = 200

    func registerRooms(on admin: RouterGroup<DoodleRequestContext>) {
        admin.post("rooms/{code}/close") { request, context -> Response in
            let raw = try context.parameters.require("code")
            guard let code = InviteCode.normalize(raw) else { throw APIError.badRequest("an invite code is 6 letters and digits") }
            let notFound = APIError(ProtocolError(.roomNotFound, "no party room has the code \(code)"))
            guard InviteCode.kind(of: code) == .party else { throw notFound }
            let body = try await JSONRequestBody.decode(
                CloseRoomBody.self, from: request, upTo: Self.maxBodyBytes, expected: #"{"reason":"…"}"#)
            let reason = try AdminText.validate(body.reason, field: "reason", maxLength: Self.maxCloseReasonLength)
            let outcome: LiveModeration.RoomClosing
            do {
                outcome = try await moderation.closeRoom(code: code, reason: reason)
            } catch {
                logger.error("closing a room failed", metadata: ["room": "\(code)", "error": "\(error)"])
                throw APIError(ProtocolError(.internal, "the room's node could not be reached; try again"), retryAfterSeconds: 1)
            }
            switch outcome {
            case .closedHere:
                await audit.record(.closeRoom, CloseRoomArguments(code: code, reason: reason), request: request, context: context)
                return Response(status: .noContent)
            case .handedOver(let node):
                await audit.record(.closeRoom, CloseRoomArguments(code: code, reason: reason, node: node.id), request: request, context: context)
                return Response(status: .accepted)
            case .notFound:
                throw notFound
            }
        }
    }

    private struct CloseRoomBody: Decodable {
        let reason: String
    }

    private struct CloseRoomArguments: Encodable {
        let code: String
        let reason: String
        /// The node that was told to close it, when it was another.
        var node: String? = nil
    }
}
