import Foundation
import Hummingbird
import NIOCore

/// The browser client: one self-contained page (`Web/index.html`), served at `GET /`.
struct WebClientRoutes {
    /// The page, read once at start-up so a request never touches the disk.
    let page: ByteBuffer

    /// Reads the page from the module's resources; start-up fails with `WebClientError` if it is missing.
    static func load() throws -> WebClientRoutes {
        guard let url = Bundle.module.url(forResource: "index", withExtension: "html", subdirectory: "Web")
            ?? Bundle.module.url(forResource: "index", withExtension: "html")
        else { throw WebClientError.missing("Web/index.html is not in the DoodleServer resource bundle") }
        do {
            return WebClientRoutes(page: ByteBuffer(bytes: try Data(contentsOf: url)))
        } catch {
            throw WebClientError.missing("cannot read \(url.path): \(error)")
        }
    }

    func register(on router: Router<DoodleRequestContext>) {
        router.get("/") { _, _ in
            Response(status: .ok, headers: headers, body: .init(byteBuffer: page))
        }
        // What a GET would answer, without the page: link checkers and uptime probes ask this.
        router.head("/") { _, _ in
            var headers = headers
            headers[.contentLength] = String(page.readableBytes)
            return Response(status: .ok, headers: headers)
        }
    }

    private var headers: HTTPFields {
        var headers = HTTPFields()
        headers[.contentType] = "text/html; charset=utf-8"
        // The page is small and changes with the server: always revalidate.
        headers[.cacheControl] = "no-cache"
        return headers
    }
}

/// Start-up error: the browser client's page could not be loaded.
struct WebClientError: Error, CustomStringConvertible {
    let description: String

    static func missing(_ reason: String) -> WebClientError { WebClientError(description: "web client: \(reason)") }
}
