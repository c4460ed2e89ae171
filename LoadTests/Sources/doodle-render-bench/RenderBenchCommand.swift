import ArgumentParser
import BenchSupport
import DoodleCore
import DoodlePictures
import Foundation
import PictureBenchSupport

/// `doodle-render-bench`: PNG renders per CPU-second of the server's renderer (`PNGRenderer`)
/// against the plain-Cairo floor on the same typical drawings, in the same run, alternating
/// round by round so both see the same machine (docs/performance.md, "Pictures"); then, for
/// sizes a GIF comes in, the GIF replay and an album of all the drawings against the PNG.
@main
struct RenderBenchCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "doodle-render-bench",
        abstract: "PNG renders per CPU second: Doodle's Cairo renderer against plain Cairo on the same drawings.")

    @Option(help: "Picture sizes to measure, comma-separated.") var sizes = "512,256"
    @Option(help: "Distinct drawings (seeds).") var drawings = 8
    @Option(help: "Rounds; each renders every drawing once with the floor and once with ours.") var rounds = 10
    @Option(help: "Strokes per drawing.") var strokes = 60
    @Option(help: "Points per stroke.") var points = 85
    @Flag(help: "Instead: every PNG encoder setting (zlib level, row filter, strategy) against plain Cairo, with PNG sizes.")
    var pngSweep = false

    func validate() throws {
        guard (1...100).contains(drawings), (1...1_000).contains(rounds) else { throw ValidationError("--drawings 1–100, --rounds 1–1000") }
        guard (1...500).contains(strokes), (2...2_000).contains(points) else { throw ValidationError("--strokes 1–500, --points 2–2000") }
        guard !parsedSizes.isEmpty, parsedSizes.allSatisfy(PNGRenderer.sizes.contains) else {
            throw ValidationError("--sizes: integers from \(PNGRenderer.sizes.lowerBound) to \(PNGRenderer.sizes.upperBound)")
        }
    }

    private var parsedSizes: [Int] { sizes.split(separator: ",").compactMap { Int($0.trimmingCharacters(in: .whitespaces)) } }

    func run() throws {
        let plain = (0..<drawings).map { TypicalDrawing.actions(seed: UInt64($0 + 1), strokes: strokes, pointsPerStroke: points) }
        let filled = (0..<drawings).map { TypicalDrawing.actions(seed: UInt64($0 + 1), strokes: strokes, pointsPerStroke: points, fills: 3) }
        let floorStrokes = plain.map(TypicalDrawing.strokes(of:))
        let pointCount = floorStrokes[0].reduce(0) { $0 + $1.points.count / 2 }
        let renderer = PNGRenderer()
        if pngSweep { return try sweep(plain, floorStrokes: floorStrokes) }
        writeFigures("drawings: \(drawings) × \(strokes) strokes, \(pointCount) points in the first; \(rounds) rounds; one thread\n")
        for size in parsedSizes {
            var floorRates: [Double] = []
            var ourRates: [Double] = []
            var filledRates: [Double] = []
            var bytes = 0
            var floorBytes = 0
            for _ in 0..<rounds {
                floorRates.append(ThreadCPUTime.rate(count: drawings) { index in floorBytes = PlainCairoFloor.png(strokes: floorStrokes[index], size: size) })
                ourRates.append(try ThreadCPUTime.rate(count: drawings) { index in bytes = try renderer.render(plain[index], size: size).count })
                filledRates.append(try ThreadCPUTime.rate(count: drawings) { index in _ = try renderer.render(filled[index], size: size) })
            }
            let floor = median(floorRates)
            let ours = median(ourRates)
            writeFigures(
                "PNG \(size): floor (plain Cairo) \(Int(floor)) renders/CPU-s, ours \(Int(ours)) renders/CPU-s (\(String(format: "%.2f", ours / floor))× the floor), "
                    + "ours with 3 fills \(Int(median(filledRates))) renders/CPU-s; PNG \(bytes / 1024) KiB (floor's \(floorBytes / 1024) KiB); "
                    + "rounds' spread ours \(Int(ourRates.min() ?? 0))–\(Int(ourRates.max() ?? 0))\n")
            if GIFRenderer.sizes.contains(size) { try measureGIFs(plain, size: size, pngRate: ours) }
        }
    }

    /// Renders per CPU second and mean PNG size for each encoder setting, the floor beside them.
    private func sweep(_ drawings: [[DrawingAction]], floorStrokes: [[(points: [Int], width: Int, color: RGBColor?)]]) throws {
        let items = drawings.map(CanvasReplay.visibleItems(after:))
        for size in parsedSizes {
            var floorRates: [Double] = []
            var floorBytes = 0
            for _ in 0..<rounds {
                floorRates.append(ThreadCPUTime.rate(count: drawings.count) { index in floorBytes += PlainCairoFloor.png(strokes: floorStrokes[index], size: size) })
            }
            let floor = median(floorRates)
            writeFigures("PNG \(size): plain Cairo \(Int(floor)) renders/CPU-s, \(floorBytes / (rounds * drawings.count) / 1024) KiB\n")
            for strategy in PNGEncoder.Strategy.allCases {
                for filter in PNGEncoder.Filter.allCases {
                    for level in [1, 2, 3, 6] {
                        let renderer = PNGRenderer(encoder: PNGEncoder(level: level, filter: filter, strategy: strategy))
                        var rates: [Double] = []
                        var bytes = 0
                        for _ in 0..<rounds {
                            rates.append(try ThreadCPUTime.rate(count: items.count) { index in bytes += try renderer.render(items: items[index], size: size).count })
                        }
                        writeFigures(
                            "  \(strategy) \(filter) level \(level): \(Int(median(rates))) renders/CPU-s (\(String(format: "%.2f", median(rates) / floor))× plain Cairo), "
                                + "\(bytes / (rounds * items.count) / 1024) KiB\n")
                    }
                }
            }
        }
    }

    /// A GIF replays the drawing in up to 60 frames from two renders (the finished drawing for
    /// the palette, then the replay), so its cost is put beside the PNG's.
    private func measureGIFs(_ drawings: [[DrawingAction]], size: Int, pngRate: Double) throws {
        let gif = GIFRenderer()
        let items = drawings.map(CanvasReplay.visibleItems(after:))
        let pages = items.enumerated().map { AlbumPage(items: $1, word: "word \($0)", drawer: "player \($0)") }
        var gifRates: [Double] = []
        var albumRates: [Double] = []
        var sheetRates: [Double] = []
        var gifBytes = 0, albumBytes = 0, sheetBytes = 0
        for _ in 0..<rounds {
            gifRates.append(try ThreadCPUTime.rate(count: items.count) { index in gifBytes = try gif.render(items: items[index], size: size).count })
            albumRates.append(try ThreadCPUTime.rate(count: 1) { _ in albumBytes = try gif.renderAlbum(pages, size: size).count })
            sheetRates.append(try ThreadCPUTime.rate(count: 1) { _ in sheetBytes = try AlbumSheetRenderer().render(pages, cellSize: size).count })
        }
        let gifRate = median(gifRates)
        writeFigures(
            "GIF \(size): \(Int(gifRate)) renders/CPU-s (\(String(format: "%.2f", gifRate / pngRate))× the PNG's rate), "
                + "\(gifBytes / 1024) KiB; album of \(pages.count) \(String(format: "%.1f", median(albumRates))) GIFs/CPU-s, \(albumBytes / 1024) KiB; "
                + "album sheet \(String(format: "%.1f", median(sheetRates))) PNGs/CPU-s, \(sheetBytes / 1024) KiB\n")
    }
}
