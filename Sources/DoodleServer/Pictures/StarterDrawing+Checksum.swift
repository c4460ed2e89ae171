import DoodleCore

extension StarterDrawing {
    /// FNV-1a over every item's tool, colour, width, points and fill: the same in every process
    /// (unlike `Hasher`), and different as soon as the starter drawing is drawn differently.
    static let checksum: UInt64 = {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        func feed(_ value: Int) {
            for shift in stride(from: 0, to: 64, by: 8) {
                hash = (hash ^ UInt64(truncatingIfNeeded: value >> shift) & 0xff) &* 0x100_0000_01b3
            }
        }
        func feed(_ text: String?) {
            for byte in (text ?? "").utf8 { hash = (hash ^ UInt64(byte)) &* 0x100_0000_01b3 }
            feed(-1)
        }
        for item in items {
            switch item {
            case .stroke(let stroke):
                feed(1)
                feed(stroke.tool == .eraser ? 1 : 0)
                feed(stroke.color)
                feed(stroke.width)
                feed(stroke.points.count)
                stroke.points.forEach(feed)
            case .fill(let fill):
                feed(2)
                feed(fill.x)
                feed(fill.y)
                feed(fill.color)
            }
        }
        return hash
    }()
}
