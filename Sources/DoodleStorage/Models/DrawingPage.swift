/// One page of a player's drawings, newest first. Pass `nextBefore` as `before` to get the
/// next page; it is null on the last page.
public struct DrawingPage: Sendable, Equatable, Encodable {
    public var drawings: [DrawingSummary]
    public var nextBefore: DrawingCursor?

    public init(drawings: [DrawingSummary], nextBefore: DrawingCursor?) {
        self.drawings = drawings
        self.nextBefore = nextBefore
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
