import DoodleCore

extension StarterDrawing {
    /// FNV-1a over every item's tool, colour, width, points and fill: the same in every process,
    /// and different as soon as the starter drawing is drawn differently.
    static let checksum: UInt64 = {
        var hash = FNV1aHash()
        for item in items {
            switch item {
            case .stroke(let stroke):
                hash.feed(1)
                hash.feed(stroke.tool == .eraser ? 1 : 0)
                hash.feed(stroke.color)
                hash.feed(stroke.width)
                hash.feed(stroke.points.count)
                stroke.points.forEach { hash.feed($0) }
            case .fill(let fill):
                hash.feed(2)
                hash.feed(fill.x)
                hash.feed(fill.y)
                hash.feed(fill.color)
            }
        }
        return hash.value
    }()
}
