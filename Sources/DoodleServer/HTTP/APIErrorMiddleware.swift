import HTTPTypes
import Hummingbird

/// Gives what the router answers by itself, when no route serves a request, the API's error
/// body `{"error":{"code","message"}}` instead of an empty one: 405 `method_not_allowed` with
/// `Allow` when the path has routes for other methods, else 404 `not_found`.
///
/// Added to the router after every route, so that it wraps only the router's not-found
/// responder (Hummingbird applies a middleware to the routes added after it).
struct APIErrorMiddleware<Context: RequestContext>: RouterMiddleware {
    /// The path of every route with the methods it serves.
    private let routes: [(path: RouterPath, methods: [HTTPRequest.Method])]

    init(routes: [Router<Context>.RouteDescription]) {
        var byPath: [String: (path: RouterPath, methods: [HTTPRequest.Method])] = [:]
        for route in routes {
            byPath[route.path.description, default: (path: route.path, methods: [])].methods.append(route.method)
        }
        self.routes = byPath.values.sorted { $0.path.description < $1.path.description }
    }

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        do {
            return try await next(request, context)
        } catch let error as HTTPError where error.status == .notFound {
            let allowed = allowedMethods(for: request.uri.path)
            guard !allowed.isEmpty else { throw APIError.notFound("no route for \(request.method) \(EchoedText.of(request.uri.path, upTo: 200))") }
            var headers = HTTPFields()
            headers[.allow] = Set(allowed.map(\.rawValue)).sorted().joined(separator: ", ")
            throw APIError(
                status: .methodNotAllowed, code: "method_not_allowed", message: "\(request.method) is not allowed here",
                headers: headers)
        }
    }

    /// The methods the routes whose path matches `path` serve; empty if none matches.
    func allowedMethods(for path: String) -> [HTTPRequest.Method] {
        let components = path.split(separator: "/", omittingEmptySubsequences: true)
        return routes.filter { route in
            route.path.count == components.count && zip(route.path, components).allSatisfy { $0.0 ~= $0.1 }
        }.flatMap(\.methods)
    }
}
