import Foundation
import DoodleCore
import DoodlePictures
import Testing

@Suite("GIF replays")
struct GIFRendererTests {
    let renderer = GIFRenderer()

    /// `count` short strokes in turn across the canvas, in five colours, each on fresh white.
    static func manyStrokes(_ count: Int) -> [DrawingAction] {
        let colors = [KnownDrawings.red, KnownDrawings.blue, KnownDrawings.green, KnownDrawings.black, KnownDrawings.yellow]
        return (0..<count).flatMap { index in
            let x = 100 + index % 10 * 140, y = 100 + index / 10 % 10 * 100
            return KnownDrawings.pen(index + 1, colors[index % colors.count], width: 14, [x, y, x + 90, y + 60])
        }
    }

    /// How far a GIF frame is from the PNG of the same drawing: the mean and the largest
    /// distance (summed over the channels), and the share of pixels that are exactly equal.
    static func paletteError(_ gif: Picture, _ png: Picture) -> (mean: Double, largest: Int, exactShare: Double) {
        var total = 0, largest = 0, exact = 0
        for index in png.pixels.indices {
            let distance = Picture.distance(gif.color(column: index % png.size, row: index / png.size), png.color(column: index % png.size, row: index / png.size))
            total += distance
            largest = max(largest, distance)
            if distance == 0 { exact += 1 }
        }
        return (Double(total) / Double(png.pixels.count), largest, Double(exact) / Double(png.pixels.count))
    }

    @Test("a GIF89a of the requested square size that loops forever", arguments: [64, 256, 512])
    func header(size: Int) throws {
        let gif = try DecodedGIF(renderer.render(items: CanvasReplay.visibleItems(after: KnownDrawings.layered), size: size))
        #expect(gif.version == "GIF89a")
        #expect(gif.width == size && gif.height == size)
        #expect(gif.loopCount == 0)
        #expect(gif.paletteSize <= 256)
    }

    @Test("a size outside 64…512 is refused", arguments: [0, 63, 513, 1024])
    func badSizes(size: Int) {
        #expect(throws: PictureError.sizeOutOfRange(size, allowed: 64...512)) { try renderer.render(items: [], size: size) }
    }

    @Test("a replay of few strokes has a frame per stroke, then holds the drawing 2 s")
    func fewStrokes() throws {
        let items = CanvasReplay.visibleItems(after: Self.manyStrokes(5))
        let gif = try DecodedGIF(renderer.render(items: items, size: 256))
        #expect(gif.frames.count == 5)
        #expect(gif.frames.map(\.delay) == [50, 50, 50, 50, 200])
        // The first frame is the whole screen; the others only what their stroke changed.
        #expect(gif.frames[0].width == 256 && gif.frames[0].height == 256)
        #expect(gif.frames.dropFirst().allSatisfy { $0.width < 64 && $0.height < 64 })
    }

    @Test("a long drawing is cut into 60 frames: a replay of at most 6 s, then 2 s of the drawing")
    func longDrawing() throws {
        let items = CanvasReplay.visibleItems(after: Self.manyStrokes(100))
        let gif = try DecodedGIF(renderer.render(items: items, size: 128))
        #expect(gif.frames.count == 60)
        #expect(gif.frames.dropLast().reduce(0) { $0 + $1.delay } <= 600)
        #expect(gif.frames.last?.delay == 200)
        // Each frame adds strokes to the one before: what is drawn only grows.
        let inked = gif.frames.map { frame in frame.pixels.count { $0 != 0xff_ffff } }
        #expect(zip(inked, inked.dropFirst()).allSatisfy { $0 < $1 })
    }

    @Test("the last frame is the PNG within the palette's error", arguments: KnownDrawings.all.map(\.name) + ["many strokes"])
    func lastFrameIsThePNG(name: String) throws {
        let actions = try #require(KnownDrawings.all.first { $0.name == name }?.actions ?? (name == "many strokes" ? Self.manyStrokes(100) : nil))
        let items = CanvasReplay.visibleItems(after: actions)
        let gif = try DecodedGIF(renderer.render(items: items, size: 256))
        let png = try Picture(png: PNGRenderer().render(items: items, size: 256))
        let error = Self.paletteError(try gif.picture(frame: gif.frames.count - 1, size: 256), png)
        #expect(error.mean < 1, "mean error \(error.mean)")
        #expect(error.largest <= 60, "largest error \(error.largest)")
        #expect(error.exactShare > 0.98, "exact share \(error.exactShare)")
    }

    @Test("a drawing of more colours than a GIF holds is written in its nearest ones")
    func manyColors() throws {
        // 300 strokes in 300 colours: far more than 256 entries, so the blends are cut by median cut.
        let actions = (0..<300).flatMap { index in
            let x = 80 + index % 20 * 72, y = 80 + index / 20 * 70
            let color = "#" + [index * 37 % 256, index * 91 % 256, index * 53 % 256].map { String(format: "%02x", $0) }.joined()
            return KnownDrawings.pen(index + 1, color, width: 20, [x, y, x + 50, y + 40])
        }
        let items = CanvasReplay.visibleItems(after: actions)
        let gif = try DecodedGIF(renderer.render(items: items, size: 256))
        #expect(gif.paletteSize == 256)
        let png = try Picture(png: PNGRenderer().render(items: items, size: 256))
        let error = Self.paletteError(try gif.picture(frame: gif.frames.count - 1, size: 256), png)
        #expect(error.mean < 8, "mean error \(error.mean)")
        #expect(error.exactShare > 0.7, "exact share \(error.exactShare)")
    }

    @Test("an empty drawing is one white frame held 2 s")
    func empty() throws {
        let gif = try DecodedGIF(renderer.render(items: [], size: 64))
        #expect(gif.frames.count == 1)
        #expect(gif.frames[0].delay == 200)
        #expect(gif.frames[0].pixels.allSatisfy { $0 == 0xff_ffff })
    }

    @Test("the same drawing gives the same bytes")
    func deterministic() throws {
        let items = CanvasReplay.visibleItems(after: Self.manyStrokes(40) + KnownDrawings.filledCircle)
        #expect(try renderer.render(items: items, size: 200) == renderer.render(items: items, size: 200))
    }
}

@Suite("Replay plans")
struct ReplayPlanTests {
    @Test("frames show ⌈k·n/F⌉ items, at most 60 of them, the replay within 6 s and the drawing held 2 s")
    func drawingPlan() {
        #expect(ReplayPlan.drawing.frames(itemCount: 0) == [.init(itemCount: 0, delay: 200)])
        #expect(ReplayPlan.drawing.frames(itemCount: 1) == [.init(itemCount: 1, delay: 200)])
        #expect(ReplayPlan.drawing.frames(itemCount: 3).map(\.itemCount) == [1, 2, 3])
        #expect(ReplayPlan.drawing.frames(itemCount: 3).map(\.delay) == [50, 50, 200])
        for count in [59, 60, 61, 100, 1000, 5000] {
            let frames = ReplayPlan.drawing.frames(itemCount: count)
            #expect(frames.count == min(count, 60))
            #expect(frames.last == .init(itemCount: count, delay: 200))
            #expect(frames.dropLast().reduce(0) { $0 + $1.delay } <= 600)
            #expect(zip(frames, frames.dropFirst()).allSatisfy { $0.itemCount < $1.itemCount })
        }
        #expect(ReplayPlan.drawing.frames(itemCount: 100).prefix(3).map(\.itemCount) == [2, 4, 5])
    }

    @Test("an album's drawing is at most 12 frames and 2 s of replay")
    func albumPlan() {
        let frames = ReplayPlan.album.frames(itemCount: 500)
        #expect(frames.count == 12)
        #expect(frames.dropLast().reduce(0) { $0 + $1.delay } <= 200)
        #expect(frames.last?.delay == 200)
    }
}

