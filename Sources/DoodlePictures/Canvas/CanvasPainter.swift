import DoodleCore

/// Draws a drawing's visible items one at a time onto one Cairo image, by the rules
/// `PNGRenderer` states, so that a PNG and every frame of a GIF draw alike. Items may come in
/// several batches (a replay's frames): a fill floods what is drawn so far, as in one pass.
struct CanvasPainter {
    let image: CairoImage
    let canvasWidth: Int
    let canvasHeight: Int
    /// One picture pixel, in canvas pixels: the thinnest a stroke is drawn.
    private let thinnest: Double
    private var flood: PixelFlood?

    init(size: Int, canvasWidth: Int, canvasHeight: Int) throws(PictureError) {
        image = try CairoImage(size: size, canvasWidth: canvasWidth, canvasHeight: canvasHeight)
        self.canvasWidth = canvasWidth
        self.canvasHeight = canvasHeight
        thinnest = 1 / image.fit.scale
    }

    mutating func draw(_ items: some Sequence<CanvasItem>) throws(PictureError) {
        for item in items { try draw(item) }
    }

    mutating func draw(_ item: CanvasItem) throws(PictureError) {
        switch item {
        case .stroke(let stroke):
            let color = stroke.tool == .eraser ? RGBColor.white : Self.color(stroke.color)
            image.stroke(points: stroke.points, width: max(Double(stroke.width), 1, thinnest), color: color)
        case .fill(let fill):
            guard (0..<canvasWidth).contains(fill.x), (0..<canvasHeight).contains(fill.y) else { return }
            let color = Self.color(fill.color)
            let pixel = image.fit.pixel(x: fill.x, y: fill.y)
            // Taken out of `self` while it works, so its visit array is never copied.
            var current = flood ?? PixelFlood(columns: image.canvasColumns, rows: image.canvasRows, stride: image.stride)
            flood = nil
            let outcome = try image.withPixels { pixels, stride throws(PictureError) in
                current.fill(pixels, column: pixel.column, row: pixel.row, color: color.packed)
            }
            flood = current
            if outcome == .overBudget {
                // Past the work budget: mark where the fill was, as the SVG does, rather than guess its extent.
                image.dot(x: Double(fill.x), y: Double(fill.y), diameter: 24, color: color)
            }
        }
    }

    /// The colour an item is drawn in (an eraser's is the background's), for a palette.
    static func drawnColor(of item: CanvasItem) -> RGBColor {
        switch item {
        case .stroke(let stroke): stroke.tool == .eraser ? .white : color(stroke.color)
        case .fill(let fill): color(fill.color)
        }
    }

    /// Colours that are not `#rrggbb` (never stored by a valid drawing) are drawn black, as in the SVG.
    private static func color(_ text: String?) -> RGBColor {
        text.flatMap(RGBColor.init(hex:)) ?? .black
    }
}
