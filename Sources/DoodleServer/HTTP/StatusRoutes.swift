import DoodleCore
import DoodleStorage
import Foundation
import Hummingbird
import Logging
import NIOCore

/// Health, metrics and public room info.
struct StatusRoutes {
    let metrics: ServerMetrics
    /// Answers `starting` until its rooms are restored.
    let registry: RoomRegistry
    let archive: any GameArchive
    let outbound: OutboundBudget
    let pictureCache: PictureCache
    let latestHeads: LatestHeadCache
    /// Room lookups share their per-address limit with the other routes that take a code.
    let lookup: InviteCodeLookup
    /// Where clients connect for a room hosted here.
    let address: WebSocketAddress
    let cluster: ClusterMembership
    /// Open reports and bans in force, counted when metrics are read.
    let moderation: any ModerationStore
    let clock: any GameClock
    let logger: Logger

    func register(on router: Router<DoodleRequestContext>) {
        router.get("/v1/health") { _, _ -> EditedResponse<Health> in
            // Listening already, but the rooms of the last run are not back: not ready to serve.
            guard registry.isRestored else { return EditedResponse(status: .serviceUnavailable, response: Health(status: "starting")) }
            return EditedResponse(status: .ok, response: Health(status: "ok"))
        }
        router.get("/metrics") { _, _ in
            metrics.recordArchive(archive.statistics)
            metrics.recordOutbound(outbound)
            metrics.recordPictureCache(await pictureCache.statistics, entries: await pictureCache.count, bytes: await pictureCache.bytes)
            metrics.recordLatestHeads(latestHeads.statistics)
            do {
                metrics.recordModeration(try await moderation.counts(now: clock.nowMillis()))
            } catch {
                // The gauges keep their last values; the rest of the scrape is still worth having.
                logger.error("counting reports and bans for the metrics failed", metadata: ["error": "\(error)"])
            }
            var headers = HTTPFields()
            headers[.contentType] = "text/plain; version=0.0.4; charset=utf-8"
            return Response(status: .ok, headers: headers, body: .init(byteBuffer: .init(string: metrics.exposition())))
        }
        router.get("/v1/rooms/{code}") { request, requestContext -> Response in
            switch try await lookup.find(request, context: requestContext) {
            case .party(_, let room):
                var info = await room.publicInfo()
                info.url = await address.url(answering: request)
                return try info.response(from: request, context: requestContext)
            case .remoteParty(let code, let host):
                return try RemoteRoomInfo(code: code, url: host.url).response(from: request, context: requestContext)
            case .pair(let code, let owner):
                // The node where the owner waits hosts the pair once it forms; with nobody
                // waiting, any node will do, this one included.
                let host = try? await cluster.remoteHost(of: code)
                let url = if let host { host.url } else { await address.url(answering: request) }
                return try PairCodePublicInfo(code: code, owner: owner, url: url).response(from: request, context: requestContext)
            }
        }
    }

    struct Health: ResponseEncodable {
        let status: String
    }
}

/// A room another node hosts: its public facts live there, so the answer is a temporary
/// redirect to that node's own `GET /v1/rooms/{code}`, with the room's address in the body too
/// for clients that do not follow redirects.
struct RemoteRoomInfo: ResponseGenerator {
    var code: String
    /// The hosting node's WebSocket address.
    var url: String

    private struct Body: Encodable {
        var code: String
        var url: String
    }

    func response(from request: Request, context: some RequestContext) throws -> Response {
        var headers = HTTPFields()
        headers[.contentType] = "application/json; charset=utf-8"
        if let location = NodeURL.httpURL(ofNode: url, route: "/v1/rooms/\(code)") { headers[.location] = location }
        let data = try JSONEncoder().encode(Body(code: code, url: url))
        return Response(status: .temporaryRedirect, headers: headers, body: .init(byteBuffer: ByteBuffer(bytes: data)))
    }
}

extension RoomPublicInfo: ResponseEncodable {}

/// An open pair code as an invite link shows it: whose code it is, and where to connect.
struct PairCodePublicInfo: ResponseEncodable {
    struct Player: Codable {
        var id: PlayerID
        var name: String
    }

    var code: String
    var mode = "pair"
    var phase = "waiting"
    var players: [Player]
    /// The WebSocket address of the node to connect to.
    var url: String

    init(code: String, owner: PairCodeInfo, url: String) {
        self.code = code
        players = [Player(id: owner.ownerId, name: owner.ownerName)]
        self.url = url
    }
}
