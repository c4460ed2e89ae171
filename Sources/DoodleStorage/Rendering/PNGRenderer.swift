import DoodleCore

/// Renders a drawing's final canvas as a square PNG with Cairo (`GET /v1/drawings/{id}.png`,
/// `GET /v1/me/latest-received.png`).
///
/// - The picture is `size`×`size`, white; the 1600×1200 canvas is scaled to fit and centred
///   (`CanvasFit`), and nothing is drawn outside it.
/// - Pen strokes: antialiased polylines with round caps and joins in the stroke's colour, its
///   width scaled, but never thinner than one picture pixel, so an outline stays visible and
///   closed on a thumbnail; a one-point stroke is a dot of that diameter. Eraser strokes: the
///   same in the background colour.
/// - Fills: in drawing order, a flood fill on the pixels rendered so far (`PixelFlood`, the web
///   client's rule and tolerance), so a fill inside a closed outline colours just the inside,
///   later strokes are drawn over it and a later fill can recolour it.
///
/// Colours that are not `#rrggbb` (never stored by a valid drawing) are drawn black, as in the SVG.
public struct PNGRenderer: Sendable {
    /// The sides a picture may have, in pixels.
    public static let sizes = 64...1024
    /// Changes whenever the same drawing would render differently, so cached pictures and the
    /// `ETag`s clients hold are not taken for the new ones.
    public static let version = 1

    public var canvasWidth: Int
    public var canvasHeight: Int

    public init(canvasWidth: Int = 1600, canvasHeight: Int = 1200) {
        self.canvasWidth = canvasWidth
        self.canvasHeight = canvasHeight
    }

    /// The PNG of the canvas the record leaves behind.
    public func render(_ actions: [DrawingAction], size: Int) throws(PictureError) -> [UInt8] {
        try render(items: CanvasReplay.visibleItems(after: actions), size: size)
    }

    /// The PNG of these visible items, drawn in order.
    public func render(items: [CanvasItem], size: Int) throws(PictureError) -> [UInt8] {
        guard Self.sizes.contains(size) else { throw .sizeOutOfRange(size) }
        let image = try CairoImage(size: size, canvasWidth: canvasWidth, canvasHeight: canvasHeight)
        // One picture pixel, in canvas pixels: the thinnest a stroke is drawn.
        let thinnest = 1 / image.fit.scale
        var flood: PixelFlood?
        for item in items {
            switch item {
            case .stroke(let stroke):
                let color = stroke.tool == .eraser ? RGBColor.white : Self.color(stroke.color)
                image.stroke(points: stroke.points, width: max(Double(stroke.width), 1, thinnest), color: color)
            case .fill(let fill):
                guard (0..<canvasWidth).contains(fill.x), (0..<canvasHeight).contains(fill.y) else { continue }
                let color = Self.color(fill.color)
                let pixel = image.fit.pixel(x: fill.x, y: fill.y)
                let outcome = try image.withPixels { pixels, stride throws(PictureError) in
                    // The bands around the canvas are no part of the drawing: a fill stays off them.
                    if flood == nil { flood = PixelFlood(columns: image.canvasColumns, rows: image.canvasRows, stride: stride) }
                    return flood?.fill(pixels, column: pixel.column, row: pixel.row, color: color.packed) ?? .unchanged
                }
                if outcome == .overBudget {
                    // Past the work budget: mark where the fill was, as the SVG does, rather than guess its extent.
                    image.dot(x: Double(fill.x), y: Double(fill.y), diameter: 24, color: color)
                }
            }
        }
        return try image.png()
    }

    private static func color(_ text: String?) -> RGBColor {
        text.flatMap(RGBColor.init(hex:)) ?? .black
    }
}
