import Hummingbird

extension Request {
    /// Reads this request's query with `read`, which asks `QueryFields` for each parameter with
    /// its bounds: the one place where a refused parameter, or a malformed query, becomes a 400
    /// `bad_message` naming it.
    func query<Value>(_ read: (QueryFields) throws(QueryFieldError) -> Value) throws(APIError) -> Value {
        do {
            return try read(QueryFields(raw: uri.query.map { $0[...] }))
        } catch {
            throw APIError.badRequest(error.message)
        }
    }
}
