import Foundation
import Hummingbird
import NIOCore

/// The browser client: its page (`Web/index.html`) at `GET /`, and the scripts, style sheet and
/// icon beside it at `GET /web/{file}`.
struct WebClientRoutes {
    /// Every file of the `Web` folder by name, read once at start-up so a request never touches the disk.
    let assets: [String: WebAsset]

    static let pageName = "index.html"
    /// The operators' page, served at `/admin` on a server with an admin token (the page asks
    /// for the token and sends it with each call; it holds no secret itself).
    static let adminPageName = "admin.html"
    /// Browsers and bookmark tools ask for `/favicon.ico` whatever the page links; they take an
    /// SVG there when it is served as one.
    static let iconName = "favicon.svg"
    static let assetPrefix = "/web/"

    /// Reads the `Web` folder from the module's resources; start-up fails with `WebClientError`
    /// if the page is missing, a file cannot be read, or a file's type is not one a browser is
    /// served here.
    static func load() throws -> WebClientRoutes {
        guard let folder = Bundle.module.resourceURL?.appendingPathComponent("Web", isDirectory: true),
            FileManager.default.fileExists(atPath: folder.path)
        else { throw WebClientError.missing("the Web folder is not in the DoodleServer resource bundle") }
        let names: [String]
        do {
            names = try FileManager.default.contentsOfDirectory(atPath: folder.path)
        } catch {
            throw WebClientError.missing("cannot list \(folder.path): \(error)")
        }
        var assets: [String: WebAsset] = [:]
        for name in names where !name.hasPrefix(".") {
            let url = folder.appendingPathComponent(name)
            guard let contentType = WebAsset.contentType(forFileNamed: name) else {
                throw WebClientError.missing("Web/\(name) has a file type the web client does not serve (html, js, css, svg)")
            }
            do {
                assets[name] = WebAsset(body: ByteBuffer(bytes: try Data(contentsOf: url)), contentType: contentType)
            } catch {
                throw WebClientError.missing("cannot read \(url.path): \(error)")
            }
        }
        guard assets[pageName] != nil else { throw WebClientError.missing("Web/\(pageName) is not in the DoodleServer resource bundle") }
        return WebClientRoutes(assets: assets)
    }

    func register(on router: Router<DoodleRequestContext>) {
        router.get("/") { _, _ in try response(for: Self.pageName, withBody: true) }
        // What a GET would answer, without the body: link checkers and uptime probes ask this.
        router.head("/") { _, _ in try response(for: Self.pageName, withBody: false) }
        router.get("/favicon.ico") { _, _ in try response(for: Self.iconName, withBody: true) }
        router.get("\(Self.assetPrefix){file}") { _, context in
            try response(for: try context.parameters.require("file"), withBody: true)
        }
        router.head("\(Self.assetPrefix){file}") { _, context in
            try response(for: try context.parameters.require("file"), withBody: false)
        }
    }

    /// `GET /admin`, the operators' page, when the `Web` folder has one; registered only on a
    /// server with an admin token, so without one `/admin` is 404 like any unknown path.
    func registerAdminPage(on router: Router<DoodleRequestContext>) {
        guard assets[Self.adminPageName] != nil else { return }
        router.get("/admin") { _, _ in try response(for: Self.adminPageName, withBody: true) }
    }

    private func response(for name: String, withBody: Bool) throws -> Response {
        guard let asset = assets[name] else { throw APIError.notFound("the web client has no file named \(name)") }
        var headers = HTTPFields()
        headers[.contentType] = asset.contentType
        // The files are small and change with the server: always revalidate.
        headers[.cacheControl] = "no-cache"
        guard withBody else {
            headers[.contentLength] = String(asset.body.readableBytes)
            return Response(status: .ok, headers: headers)
        }
        return Response(status: .ok, headers: headers, body: .init(byteBuffer: asset.body))
    }
}

/// One file of the browser client, with the type a browser needs to use it (scripts loaded as
/// modules are refused unless served as JavaScript).
struct WebAsset: Sendable {
    let body: ByteBuffer
    let contentType: String

    static func contentType(forFileNamed name: String) -> String? {
        switch (name as NSString).pathExtension.lowercased() {
        case "html": "text/html; charset=utf-8"
        case "js": "text/javascript; charset=utf-8"
        case "css": "text/css; charset=utf-8"
        case "svg": "image/svg+xml; charset=utf-8"
        default: nil
        }
    }
}

/// Start-up error: the browser client's files could not be loaded.
struct WebClientError: Error, CustomStringConvertible {
    let description: String

    static func missing(_ reason: String) -> WebClientError { WebClientError(description: "web client: \(reason)") }
}
