import DoodleCore
import Hummingbird
import NIOCore

/// `GET /v1/rooms/{code}/qr.svg`: a room's invite link as a QR code, so a phone can scan it off
/// another screen. It answers what `GET /v1/rooms/{code}` answers for the same code (400, 404,
/// 429), and counts against the same per-address limit.
struct InviteQRRoutes {
    let lookup: InviteCodeLookup
    /// Whether clients reach this server over TLS, so the link is `https`.
    let secure: Bool

    func register(on router: Router<DoodleRequestContext>) {
        router.get("/v1/rooms/{code}/qr.svg") { request, requestContext -> Response in
            let link = try InviteLink(try await lookup.find(request, context: requestContext), host: request.head.authority, secure: secure)
            let symbol: QRCode
            do {
                symbol = try QRCode(text: link.url)
            } catch {
                // Only a very long Host header makes a link too long for version 10.
                throw APIError.badRequest("the invite link is too long for a QR code: \(error)")
            }
            var headers = HTTPFields()
            headers[.contentType] = "image/svg+xml"
            // The room may end at any moment; a stale picture would invite people nowhere.
            headers[.cacheControl] = "no-cache"
            return Response(status: .ok, headers: headers, body: .init(byteBuffer: ByteBuffer(string: QRCodeSVG.render(symbol))))
        }
    }
}
