import DoodleCore
import DoodleStorage
import Testing

/// The PNG and the SVG of one drawing must show the same picture: the SVG is painted with Cairo
/// at the PNG's size and the two are compared pixel by pixel. They differ only along edges (the
/// SVG's fills are 2×2-pixel cells, the PNG's follow the antialiased pixels), so a pixel counts
/// as different when its colours are far apart, and few may be.
@Suite("PNG and SVG agree")
struct PictureAgreementTests {
    static let size = 128
    /// Colours this far apart (summed over the channels) count as different.
    static let differentBeyond = 96
    /// At most this share of the picture may differ.
    static let allowedShare = 0.01

    static func differingShare(_ a: Picture, _ b: Picture) -> Double {
        var differing = 0
        for (x, y) in zip(a.pixels, b.pixels) {
            var distance = 0
            for shift: UInt32 in [16, 8, 0] {
                let first = Int((x >> shift) & 0xff)
                let second = Int((y >> shift) & 0xff)
                distance += abs(first - second)
            }
            if distance > differentBeyond { differing += 1 }
        }
        return Double(differing) / Double(a.pixels.count)
    }

    @Test("the PNG and the SVG painted with Cairo differ only along edges", arguments: KnownDrawings.all.map(\.name))
    func agree(name: String) throws {
        let actions = try #require(KnownDrawings.all.first { $0.name == name }?.actions)
        let png = try Picture(png: PNGRenderer().render(actions, size: Self.size))
        let svg = try SVGPainter.paint(SVGRenderer().render(actions), size: Self.size)
        let share = Self.differingShare(png, svg)
        #expect(share <= Self.allowedShare, "\(name): \(share * 100)% of the pixels differ")
    }

    @Test("the comparison tells different drawings apart")
    func comparisonSeesDifferences() throws {
        let png = try Picture(png: PNGRenderer().render(KnownDrawings.filledCircle, size: Self.size))
        let svg = try SVGPainter.paint(SVGRenderer().render(KnownDrawings.filledAround), size: Self.size)
        #expect(Self.differingShare(png, svg) > 0.2)
    }

    @Test("realistic drawings agree too", arguments: [1, 2, 3] as [UInt64])
    func realistic(seed: UInt64) throws {
        let actions = StorageFixtures.realisticActions(strokes: 20, pointsPerStroke: 60, seed: seed)
            + [KnownDrawings.fill(800, 600, KnownDrawings.sky), KnownDrawings.fill(50, 50, KnownDrawings.yellow)]
        let png = try Picture(png: PNGRenderer().render(actions, size: Self.size))
        let svg = try SVGPainter.paint(SVGRenderer().render(actions), size: Self.size)
        let share = Self.differingShare(png, svg)
        #expect(share <= 0.03, "\(share * 100)% of the pixels differ")
    }
}
