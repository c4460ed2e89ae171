import Hummingbird

/// Gives errors that Hummingbird raises itself (no route for the path or the method, a
/// malformed request) the API's error body, `{"error":{"code","message"}}`, instead of an
/// empty one. Errors the routes throw are `APIError`s already and pass through.
struct APIErrorMiddleware<Context: RequestContext>: RouterMiddleware {
    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        do {
            return try await next(request, context)
        } catch let error as HTTPError {
            throw Self.apiError(for: error, request: request)
        }
    }

    static func apiError(for error: HTTPError, request: Request) -> APIError {
        switch error.status {
        case .notFound:
            return .notFound("no route for \(request.method) \(request.uri.path)")
        case .methodNotAllowed:
            return APIError(status: .methodNotAllowed, code: "method_not_allowed", message: "\(request.method) is not allowed here")
        default:
            let code = error.status.code < 500 ? "bad_request" : "internal"
            return APIError(status: error.status, code: code, message: error.body ?? error.status.reasonPhrase)
        }
    }
}
