/// One page of a player's drawings, newest first. Pass `nextBefore` as `before` to get the
/// next page; it is null on the last page.
public struct DrawingPage: Sendable, Equatable, Encodable {
    public var drawings: [DrawingSummary]
    public var nextBefore: DrawingCursor?

    public init(drawings: [DrawingSummary], nextBefore: DrawingCursor?) {
        self.drawings = drawings
        self.nextBefore = nextBefore
    }

    /// The page from up to `limit + 1` rows fetched newest first: a row past `limit` means
    /// there is a next page, which starts after the page's last drawing.
    init(fetched: [DrawingSummary], limit: Int) {
        let kept = Array(fetched.prefix(max(limit, 0)))
        self.init(
            drawings: kept, nextBefore: fetched.count > kept.count ? kept.last.map { DrawingCursor(endedAt: $0.endedAt, id: $0.id) } : nil)
    }

    enum CodingKeys: String, CodingKey {
        case drawings, nextBefore
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(drawings, forKey: .drawings)
        try container.encode(nextBefore?.token, forKey: .nextBefore)
    }
}
