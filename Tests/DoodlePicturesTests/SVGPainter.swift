import CCairo
import DoodleCore
import DoodlePictures
import Testing

/// Paints what `SVGRenderer` writes — its rect, circles, polylines and rectangle paths, the only
/// elements it uses — with Cairo onto a square picture fitted as the PNG is, so the two
/// renderers can be compared pixel by pixel. It follows SVG's rules, not the PNG renderer's:
/// stroke widths as written (no one-pixel floor) and fills as the rectangles the SVG lists.
enum SVGPainter {
    static func paint(_ svg: String, size: Int) throws -> Picture {
        let elements = try #require(SVGElements.parse(svg), "the SVG does not parse")
        let root = try #require(elements.first { $0.name == "svg" })
        let canvasWidth = try #require(root.attributes["width"].flatMap { Int($0) })
        let canvasHeight = try #require(root.attributes["height"].flatMap { Int($0) })
        let fit = CanvasFit(canvasWidth: canvasWidth, canvasHeight: canvasHeight, pictureSize: size)
        let surface = try #require(cairo_image_surface_create(CAIRO_FORMAT_RGB24, Int32(size), Int32(size)))
        defer { cairo_surface_destroy(surface) }
        let context = try #require(cairo_create(surface))
        defer { cairo_destroy(context) }
        cairo_set_source_rgb(context, 1, 1, 1)
        cairo_paint(context)
        cairo_translate(context, fit.originX, fit.originY)
        cairo_scale(context, fit.scale, fit.scale)
        cairo_rectangle(context, 0, 0, Double(canvasWidth), Double(canvasHeight))
        cairo_clip(context)
        for element in elements {
            let attributes = element.attributes
            switch element.name {
            case "rect":
                try setColor(attributes["fill"], context)
                cairo_rectangle(
                    context, try number(attributes["x"]), try number(attributes["y"]), try number(attributes["width"]),
                    try number(attributes["height"]))
                cairo_fill(context)
            case "circle":
                try setColor(attributes["fill"], context)
                cairo_new_path(context)
                cairo_arc(context, try number(attributes["cx"]), try number(attributes["cy"]), try number(attributes["r"]), 0, 2 * Double.pi)
                cairo_fill(context)
            case "polyline":
                try setColor(attributes["stroke"], context)
                let numbers = (attributes["points"] ?? "").split(whereSeparator: { $0 == " " || $0 == "," }).compactMap { Double($0) }
                try #require(numbers.count >= 4 && numbers.count % 2 == 0, "a polyline has whole points")
                cairo_new_path(context)
                cairo_move_to(context, numbers[0], numbers[1])
                for index in stride(from: 2, to: numbers.count, by: 2) { cairo_line_to(context, numbers[index], numbers[index + 1]) }
                cairo_set_line_width(context, try number(attributes["stroke-width"]))
                cairo_set_line_cap(context, CAIRO_LINE_CAP_ROUND)
                cairo_set_line_join(context, CAIRO_LINE_JOIN_ROUND)
                cairo_stroke(context)
            case "path":
                try setColor(attributes["fill"], context)
                try addRectangles(attributes["d"] ?? "", context)
                cairo_fill(context)
            case "svg":
                continue
            default:
                Issue.record("the SVG renderer wrote a <\(element.name)> this painter does not know")
            }
        }
        return try Picture(surface: surface, canvasWidth: canvasWidth, canvasHeight: canvasHeight)
    }

    /// `M x y h w v h h-w z`, repeated: the only path shape the SVG renderer writes.
    private static func addRectangles(_ d: String, _ context: OpaquePointer) throws {
        let scalars = Array(d.unicodeScalars)
        var index = 0
        func readNumber() throws -> Double {
            while index < scalars.count, scalars[index] == " " { index += 1 }
            let start = index
            while index < scalars.count, scalars[index] == "-" || ("0"..."9").contains(scalars[index]) { index += 1 }
            var text = ""
            text.unicodeScalars.append(contentsOf: scalars[start..<index])
            return try #require(Double(text), "a number in the path at \(start)")
        }
        func expect(_ letter: Unicode.Scalar) throws {
            try #require(index < scalars.count && scalars[index] == letter, "'\(letter)' in the path at \(index)")
            index += 1
        }
        cairo_new_path(context)
        while index < scalars.count {
            try expect("M")
            let x = try readNumber()
            let y = try readNumber()
            try expect("h")
            let width = try readNumber()
            try expect("v")
            let height = try readNumber()
            try expect("h")
            _ = try readNumber()
            try expect("z")
            cairo_rectangle(context, x, y, width, height)
        }
    }

    private static func setColor(_ hex: String?, _ context: OpaquePointer) throws {
        let color = try #require(hex.flatMap(RGBColor.init(hex:)), "a #rrggbb colour")
        cairo_set_source_rgb(context, Double(color.red) / 255, Double(color.green) / 255, Double(color.blue) / 255)
    }

    private static func number(_ text: String?) throws -> Double {
        try #require(text.flatMap { Double($0) }, "a number attribute")
    }
}
