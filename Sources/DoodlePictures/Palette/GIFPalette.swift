/// Up to 256 colours for a GIF, and the entry each picture colour is written as.
///
/// Made from the finished pictures' colours: the `pinned` ones (white, the drawing's own stroke
/// and fill colours, the caption's) get entries of their own, exact. If the other colours (the
/// antialiased edges, blends of the pinned ones) fit in what is left, each gets its own entry
/// too and the GIF is exact; else they are cut into that many boxes by median cut (the box whose
/// widest channel spreads most, weighted by its pixels, is split at its weighted median on that
/// channel) and each box is written as its pixels' mean. A colour is written as its nearest entry
/// (squared RGB distance), which also serves colours only an earlier frame has.
///
/// Every step is ordered, so the same pictures always give the same palette and the same bytes.
struct GIFPalette {
    static let capacity = 256
    /// The most pinned colours; the rest of the entries go to the blends.
    static let pinnedLimit = 128

    /// 0xRRGGBB, at most `capacity`, at least one.
    let colors: [UInt32]
    private var nearest: [UInt32: UInt8] = [:]

    init(histogram: ColorHistogram, pinned: [UInt32]) {
        var seen = Set<UInt32>()
        let entries = histogram.counts.sorted { $0.key < $1.key }
        let weight = histogram.counts
        // The pinned colours most used first, a colour once.
        let pinned = pinned.filter { seen.insert($0).inserted }
            .enumerated()
            .sorted { (weight[$0.element] ?? 0, -$0.offset) > (weight[$1.element] ?? 0, -$1.offset) }
            .prefix(Self.pinnedLimit)
            .map(\.element)
        let pinnedSet = Set(pinned)
        let others = entries.filter { !pinnedSet.contains($0.key) }.map { (color: $0.key, count: $0.value) }
        let room = Self.capacity - pinned.count
        let blends = others.count <= room ? others.map(\.color) : Self.medianCut(others, into: room)
        let colors = pinned + blends
        self.colors = colors.isEmpty ? [0xff_ffff] : colors
        for (index, color) in self.colors.enumerated() where nearest[color] == nil { nearest[color] = UInt8(index) }
    }

    /// The entry `color` is written as.
    mutating func index(of color: UInt32) -> UInt8 {
        if let index = nearest[color] { return index }
        var best = 0
        var bestDistance = Int.max
        for (index, candidate) in colors.enumerated() {
            let distance = Self.distance(color, candidate)
            if distance < bestDistance {
                (best, bestDistance) = (index, distance)
            }
        }
        nearest[color] = UInt8(best)
        return UInt8(best)
    }

    static func distance(_ a: UInt32, _ b: UInt32) -> Int {
        var sum = 0
        for shift in [16, 8, 0] as [UInt32] {
            let difference = Int(a >> shift & 0xff) - Int(b >> shift & 0xff)
            sum += difference * difference
        }
        return sum
    }

    // MARK: - Median cut

    private typealias Weighted = (color: UInt32, count: Int)

    private static func medianCut(_ colors: [Weighted], into boxCount: Int) -> [UInt32] {
        guard boxCount > 0 else { return [] }
        var boxes: [[Weighted]] = [colors]
        // Each box's split: its widest channel and how much splitting it is worth (0: one colour).
        var splits = [split(of: colors)]
        while boxes.count < boxCount {
            guard let best = splits.indices.max(by: { splits[$0].score < splits[$1].score }), splits[best].score > 0
            else { break }
            let shift = splits[best].shift
            let sorted = boxes[best].sorted { ($0.color >> shift & 0xff, $0.color) < ($1.color >> shift & 0xff, $1.color) }
            let half = sorted.reduce(0) { $0 + $1.count } / 2
            var running = 0
            var cut = 1
            for (index, entry) in sorted.enumerated() {
                running += entry.count
                if running >= half {
                    cut = index + 1
                    break
                }
            }
            cut = min(max(cut, 1), sorted.count - 1)
            boxes[best] = Array(sorted[..<cut])
            boxes.append(Array(sorted[cut...]))
            splits[best] = split(of: boxes[best])
            splits.append(split(of: boxes[boxes.count - 1]))
        }
        return boxes.map(mean)
    }

    /// The box's widest channel, and its spread squared times its pixels: the box that scores
    /// most is split first.
    private static func split(of box: [Weighted]) -> (shift: UInt32, score: Int) {
        guard box.count > 1 else { return (16, 0) }
        var widest: (shift: UInt32, range: Int) = (16, -1)
        for shift in [16, 8, 0] as [UInt32] {
            var low = 255, high = 0
            for entry in box {
                let value = Int(entry.color >> shift & 0xff)
                low = min(low, value)
                high = max(high, value)
            }
            if high - low > widest.range { widest = (shift, high - low) }
        }
        return (widest.shift, widest.range * widest.range * box.reduce(0) { $0 + $1.count })
    }

    private static func mean(_ box: [Weighted]) -> UInt32 {
        let total = max(box.reduce(0) { $0 + $1.count }, 1)
        var result: UInt32 = 0
        for shift in [16, 8, 0] as [UInt32] {
            let sum = box.reduce(0) { $0 + Int($1.color >> shift & 0xff) * $1.count }
            result |= UInt32((sum + total / 2) / total) << shift
        }
        return result
    }
}
