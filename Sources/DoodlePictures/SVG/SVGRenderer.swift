import DoodleCore

/// Renders a drawing's final canvas as SVG (`GET /v1/drawings/{id}.svg`).
///
/// - Background: a white rectangle over the whole 1600×1200 canvas.
/// - Pen strokes: `<polyline>` with round caps and joins, the stroke's colour and width; a
///   one-point stroke is a dot (`<circle>` of diameter `width`).
/// - Eraser strokes: the same, in the background colour.
/// - Fills: the canvas is rasterised on a coarse grid (`FillRaster`, 2×2-pixel cells) with the
///   items before each fill, the fill floods the 4-connected region of cells sharing the
///   colour of its cell, and that region is drawn as a `<path>` of rectangles. Later strokes
///   are drawn over it, as on the client. See `docs/storage.md` for the limits.
///
/// Colours that are not `#rrggbb` (never stored by a valid drawing) are drawn black, so the
/// output never contains caller-controlled text.
public struct SVGRenderer: Sendable {
    public var width: Int
    public var height: Int

    public init(width: Int = 1600, height: Int = 1200) {
        self.width = width
        self.height = height
    }

    /// The SVG document of the canvas the record leaves behind.
    public func render(_ actions: [DrawingAction]) -> String {
        render(items: CanvasReplay.visibleItems(after: actions))
    }

    /// The SVG document of these visible items, drawn in order.
    public func render(items: [CanvasItem]) -> String {
        var svg = """
            <?xml version="1.0" encoding="UTF-8"?>
            <svg xmlns="http://www.w3.org/2000/svg" width="\(width)" height="\(height)" viewBox="0 0 \(width) \(height)">
            <rect x="0" y="0" width="\(width)" height="\(height)" fill="\(RGBColor.white.hex)"/>

            """
        var raster = FillRaster(width: width, height: height, background: .white)
        let lastFill = items.lastIndex { if case .fill = $0 { true } else { false } }
        for (index, item) in items.enumerated() {
            switch item {
            case .stroke(let stroke):
                let color = stroke.tool == .eraser ? RGBColor.white : Self.color(stroke.color)
                // Only what lies under a later fill needs to be in the raster.
                if let lastFill, index < lastFill {
                    raster.paintStroke(points: stroke.points, width: stroke.width, color: color)
                }
                appendStroke(stroke, color: color, to: &svg)
            case .fill(let fill):
                let color = Self.color(fill.color)
                let region = raster.flood(x: fill.x, y: fill.y, color: color)
                appendFill(region, color: color, at: fill, to: &svg)
            }
        }
        svg += "</svg>\n"
        return svg
    }

    private func appendStroke(_ stroke: StrokeBegin, color: RGBColor, to svg: inout String) {
        let count = stroke.points.count / 2
        guard count > 0 else { return }
        let width = max(stroke.width, 1)
        if count == 1 {
            svg += "<circle cx=\"\(stroke.points[0])\" cy=\"\(stroke.points[1])\" r=\"\(Double(width) / 2)\" fill=\"\(color.hex)\"/>\n"
            return
        }
        svg += "<polyline fill=\"none\" stroke=\"\(color.hex)\" stroke-width=\"\(width)\" "
        svg += "stroke-linecap=\"round\" stroke-linejoin=\"round\" points=\""
        for point in 0..<count {
            if point > 0 { svg += " " }
            svg += String(stroke.points[2 * point])
            svg += ","
            svg += String(stroke.points[2 * point + 1])
        }
        svg += "\"/>\n"
    }

    private func appendFill(_ region: FillRaster.Region, color: RGBColor, at fill: FillAction, to svg: inout String) {
        switch region {
        case .unchanged:
            return
        case .overBudget:
            // Past the raster's work budget: mark where the fill was, rather than guess its extent.
            svg += "<circle cx=\"\(fill.x)\" cy=\"\(fill.y)\" r=\"12\" fill=\"\(color.hex)\"/>\n"
        case .rectangles(let rectangles):
            svg += "<path fill=\"\(color.hex)\" shape-rendering=\"crispEdges\" d=\""
            for rectangle in rectangles {
                svg += "M\(rectangle.x) \(rectangle.y)h\(rectangle.width)v\(rectangle.height)h-\(rectangle.width)z"
            }
            svg += "\"/>\n"
        }
    }

    private static func color(_ text: String?) -> RGBColor {
        text.flatMap(RGBColor.init(hex:)) ?? .black
    }
}
