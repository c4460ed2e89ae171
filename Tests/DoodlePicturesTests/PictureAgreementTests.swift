import DoodleCore
import DoodlePictures
import DrawingTestSupport
import Testing

/// The PNG and the SVG of one drawing must show the same picture: the SVG is painted with Cairo
/// at the PNG's size and the two are compared pixel by pixel. They may differ along edges (the
/// SVG's fills are 2×2-pixel cells, the PNG's follow the antialiased pixels, and the PNG draws
/// no stroke thinner than a pixel), so only pixels inside a flat area of the SVG's picture (all
/// eight neighbours the same colour) are compared, and each must match.
@Suite("PNG and SVG agree")
struct PictureAgreementTests {
    static let size = 128
    /// Colours this far apart (summed over the channels) count as different.
    static let differentBeyond = 96
    /// At most this share of the compared pixels may differ.
    static let allowedShare = 0.005

    static func differingShare(_ png: Picture, _ svg: Picture) -> Double {
        let size = svg.size
        var compared = 0
        var differing = 0
        for row in 1..<(size - 1) {
            for column in 1..<(size - 1) {
                let centre = svg.pixels[row * size + column]
                let flat = (-1...1).allSatisfy { dy in (-1...1).allSatisfy { dx in svg.pixels[(row + dy) * size + column + dx] == centre } }
                guard flat else { continue }
                compared += 1
                let distance = Picture.distance(png.color(column: column, row: row), svg.color(column: column, row: row))
                if distance > differentBeyond { differing += 1 }
            }
        }
        return Double(differing) / Double(max(compared, 1))
    }

    @Test("the PNG matches the SVG painted with Cairo wherever the SVG is flat", arguments: KnownDrawings.all.map(\.name))
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
        let actions = RealisticDrawing.actions(strokes: 20, pointsPerStroke: 60, seed: seed)
            + [KnownDrawings.fill(800, 600, KnownDrawings.sky), KnownDrawings.fill(50, 50, KnownDrawings.yellow)]
        let png = try Picture(png: PNGRenderer().render(actions, size: Self.size))
        let svg = try SVGPainter.paint(SVGRenderer().render(actions), size: Self.size)
        let share = Self.differingShare(png, svg)
        #expect(share <= Self.allowedShare, "\(share * 100)% of the pixels differ")
    }
}
