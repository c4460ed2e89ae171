import DoodleCore
import DoodlePictures
import Testing

@Suite("PNG rendering")
struct PNGRendererTests {
    let renderer = PNGRenderer()

    private func picture(_ actions: [DrawingAction], size: Int = 256) throws -> Picture {
        try Picture(png: renderer.render(actions, size: size))
    }

    private func expectColor(
        _ picture: Picture, x: Int, y: Int, _ hex: String, within tolerance: Int = 24, sourceLocation: SourceLocation = #_sourceLocation
    ) {
        let expected = RGBColor(hex: hex) ?? .black
        let actual = picture.color(canvasX: x, y: y)
        #expect(
            Picture.distance(actual, expected) <= tolerance, "at (\(x), \(y)): \(actual.hex), expected \(expected.hex)",
            sourceLocation: sourceLocation)
    }

    @Test("a PNG of the requested square size", arguments: [64, 100, 256, 512, 1024])
    func sizes(size: Int) throws {
        let png = try renderer.render(KnownDrawings.redLine, size: size)
        #expect(Array(png.prefix(8)) == [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])
        #expect(try Picture(png: png).size == size)
    }

    @Test("a size outside 64…1024 is refused", arguments: [0, 63, 1025, -512])
    func badSizes(size: Int) {
        #expect(throws: PictureError.sizeOutOfRange(size)) { try renderer.render(KnownDrawings.redLine, size: size) }
    }

    @Test("an empty drawing is white all over")
    func empty() throws {
        let picture = try picture([])
        #expect(picture.pixels.allSatisfy { $0 == 0xffffff })
    }

    @Test("a red stroke is red where it passes and white elsewhere, the bands around the canvas included")
    func redLine() throws {
        let picture = try picture(KnownDrawings.redLine)
        for x in stride(from: 240, through: 1360, by: 80) { expectColor(picture, x: x, y: 600, KnownDrawings.red) }
        expectColor(picture, x: 800, y: 300, "#ffffff", within: 0)
        expectColor(picture, x: 100, y: 600, "#ffffff", within: 0)
        // 256 px square: the canvas is 256×192 from row 32; rows 0…31 and 224…255 are bands.
        #expect(picture.color(column: 128, row: 5) == .white)
        #expect(picture.color(column: 128, row: 250) == .white)
    }

    @Test("a fill inside a closed circle fills the inside only")
    func fillInside() throws {
        let picture = try picture(KnownDrawings.filledCircle)
        for (x, y) in [(800, 600), (800, 350), (600, 600), (1000, 750)] { expectColor(picture, x: x, y: y, KnownDrawings.yellow, within: 0) }
        // The outline stays dark: at 256 px its 12-pixel width is about two pixels.
        expectColor(picture, x: 1100, y: 600, KnownDrawings.black, within: 200)
        for (x, y) in [(100, 100), (1500, 1100), (800, 200)] { expectColor(picture, x: x, y: y, "#ffffff", within: 0) }
    }

    @Test("a fill outside a circle fills the canvas around it, not the inside and not the bands")
    func fillAround() throws {
        let picture = try picture(KnownDrawings.filledAround)
        for (x, y) in [(100, 100), (1500, 1100), (0, 0), (1599, 1199), (800, 200)] {
            expectColor(picture, x: x, y: y, KnownDrawings.sky, within: 0)
        }
        expectColor(picture, x: 800, y: 600, "#ffffff", within: 0)
        #expect(picture.color(column: 128, row: 5) == .white)
        #expect(picture.color(column: 128, row: 250) == .white)
    }

    @Test("on a thumbnail a thin outline still holds a fill in")
    func thinOutlineOnThumbnail() throws {
        let actions = KnownDrawings.pen(1, KnownDrawings.black, width: 2, KnownDrawings.circlePoints(x: 800, y: 600, radius: 300))
            + [KnownDrawings.fill(800, 600, KnownDrawings.yellow)]
        let picture = try picture(actions, size: 64)
        expectColor(picture, x: 800, y: 600, KnownDrawings.yellow, within: 0)
        expectColor(picture, x: 100, y: 100, "#ffffff", within: 0)
        expectColor(picture, x: 1500, y: 1100, "#ffffff", within: 0)
    }

    @Test("the eraser paints the background")
    func eraser() throws {
        let picture = try picture(KnownDrawings.erased)
        expectColor(picture, x: 800, y: 600, "#ffffff", within: 0)
        expectColor(picture, x: 400, y: 600, KnownDrawings.black)
        expectColor(picture, x: 1200, y: 600, KnownDrawings.black)
    }

    @Test("undo takes back the last stroke or fill, clear takes back everything before it")
    func undoAndClear() throws {
        let undone = try picture(KnownDrawings.undone)
        expectColor(undone, x: 800, y: 600, KnownDrawings.red)
        expectColor(undone, x: 800, y: 300, "#ffffff", within: 0)
        expectColor(undone, x: 100, y: 100, "#ffffff", within: 0)
        let cleared = try picture(KnownDrawings.cleared)
        expectColor(cleared, x: 800, y: 300, "#ffffff", within: 0)
        expectColor(cleared, x: 800, y: 900, KnownDrawings.green)
    }

    @Test("fills apply in drawing order: a later stroke lies over a fill and a later fill recolours a region")
    func layered() throws {
        let picture = try picture(KnownDrawings.layered)
        expectColor(picture, x: 800, y: 300, KnownDrawings.yellow, within: 0)  // the ring
        expectColor(picture, x: 800, y: 500, KnownDrawings.green, within: 0)  // the inner disc, above the line
        expectColor(picture, x: 800, y: 700, "#ffffff", within: 0)  // the inner disc below the line: the line walls it off
        expectColor(picture, x: 450, y: 600, KnownDrawings.red)  // the line over the yellow ring
        expectColor(picture, x: 100, y: 100, "#ffffff", within: 0)
    }

    @Test("a one-point stroke is a dot of its width")
    func dot() throws {
        let picture = try picture(KnownDrawings.dot)
        expectColor(picture, x: 400, y: 400, KnownDrawings.blue)
        expectColor(picture, x: 400, y: 460, "#ffffff", within: 0)
    }

    @Test("a fill on a pixel that already has its colour changes nothing")
    func fillSameColour() throws {
        let once = try renderer.render(KnownDrawings.filledCircle, size: 128)
        let twice = try renderer.render(KnownDrawings.filledCircle + [KnownDrawings.fill(800, 600, KnownDrawings.yellow)], size: 128)
        #expect(once == twice)
    }
}
