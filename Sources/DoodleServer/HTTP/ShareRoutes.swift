import DoodleStorage
import Hummingbird
import NIOCore

/// `GET /d/{id}`: a party drawing's share page (`SharePage`); 404 for pair drawings, which stay
/// between their partners, and for unknown or deleted ids.
struct ShareRoutes {
    let reader: any ArchiveReader
    let storage: StorageCalls
    let trustedProxies: Set<String>
    /// Whether this server speaks TLS itself.
    let secure: Bool

    func register(on router: Router<DoodleRequestContext>) {
        router.get("/d/{id}") { request, context -> Response in
            // A visitor's browser shows this page: a malformed id gets the same page as an unknown one.
            guard let id = context.parameters.get("id").flatMap(PathIdentifier.init)?.text else {
                return Self.html(SharePage.notFoundHTML, status: .notFound)
            }
            // A pair drawing is not in the party archive: only its partners read it, elsewhere.
            // The summary is enough for the page, and a link preview costs no record decode.
            guard let drawing = try await storage({ try await reader.drawingSummary(id: id) }) else {
                return Self.html(SharePage.notFoundHTML, status: .notFound)
            }
            let address = try PublicAddress(request, context: context, secure: secure, trustedProxies: trustedProxies)
            return Self.html(SharePage(drawing, address: address).html, status: .ok)
        }
    }

    private static func html(_ text: String, status: HTTPResponse.Status) -> Response {
        var headers = HTTPFields()
        headers[.contentType] = "text/html; charset=utf-8"
        // A deleted drawing must stop being shown: revalidate each time.
        headers[.cacheControl] = "no-cache"
        return Response(status: status, headers: headers, body: .init(byteBuffer: ByteBuffer(string: text)))
    }
}
