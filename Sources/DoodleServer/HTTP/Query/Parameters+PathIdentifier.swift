import Hummingbird

extension Parameters {
    /// The path's `{name}` as an id: one without an id's shape (`PathIdentifier`) names nothing,
    /// so it is the route's 404, `no <thing> has the id …`, before any lookup.
    func identifier(_ name: String, of thing: String) throws(APIError) -> String {
        guard let raw = self[name[...]] else { throw APIError.notFound("no \(thing) has that id") }
        guard let id = PathIdentifier(String(raw)) else {
            throw APIError.notFound("no \(thing) has the id \(EchoedText.of(String(raw)))")
        }
        return id.text
    }
}
