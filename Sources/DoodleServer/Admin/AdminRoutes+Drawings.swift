import DoodleCore
import DoodleStorage
import HTTPTypes
import Hummingbird

/// `DELETE /v1/admin/drawings/{id}`: a stored drawing, a party game's or a pair's, is deleted
/// with its record, guesses and reactions; from then on every read answers 404 as for an id no
/// drawing had (JSON, SVG, PNG, galleries, its game's list), and every node forgets what it
/// keeps of it: pictures, the widget heads it may have been (the one before shows), a pending
/// copy in its pair room.
extension AdminRoutes {
    func registerDrawings(on admin: RouterGroup<DoodleRequestContext>) {
        admin.delete("drawings/{id}") { request, context -> HTTPResponse.Status in
            let drawingId = try context.parameters.identifier("id", of: "drawing")
            guard let deletion = try await deleteDrawing(drawingId) else {
                throw APIError.notFound("no drawing has the id \(drawingId)")
            }
            await audit.record(.deleteDrawing, DeleteDrawingArguments(drawingId: drawingId, deleted: deletion.deleted), request: request, context: context)
            try deletion.requireAnnounced()
            return .noContent
        }
    }

    /// What deleting a drawing came to: what storage deleted, and whether every node was told.
    struct Deletion {
        let deleted: DeletedDrawing
        let announced: Bool

        /// 500 when the other nodes could not be told: the drawing is gone (a second delete is a
        /// 404 and tells nobody), and their caches keep its pictures until they are evicted.
        func requireAnnounced() throws {
            guard announced else {
                throw APIError(ProtocolError(.internal, "the drawing is deleted, but not every server could be told to forget its pictures"))
            }
        }
    }

    /// Deletes the drawing and has every node forget it; nil when no drawing has the id.
    func deleteDrawing(_ drawingId: String) async throws -> Deletion? {
        guard let deleted = try await storage({ try await store.deleteDrawing(id: drawingId) }) else { return nil }
        let (pairId, players): (String?, [PlayerID]) =
            switch deleted {
            case .party: (nil, [])
            case .pair(let pairId, let players): (pairId, players)
            }
        return Deletion(deleted: deleted, announced: await moderation.drawingDeleted(drawingId, pairId: pairId, players: players))
    }

    private struct DeleteDrawingArguments: Encodable {
        let drawingId: String
        /// The party game or the pair it belonged to.
        let gameId: String?
        let pairId: String?

        init(drawingId: String, deleted: DeletedDrawing) {
            self.drawingId = drawingId
            switch deleted {
            case .party(let gameId): (self.gameId, pairId) = (gameId, nil)
            case .pair(let pairId, _): (gameId, self.pairId) = (nil, pairId)
            }
        }
    }
}
