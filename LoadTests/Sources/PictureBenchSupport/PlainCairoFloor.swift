import CCairo
import DoodleCore

/// The floor: the same strokes drawn with plain Cairo calls and written with Cairo's PNG stream
/// writer, and nothing else — no replay, no checks, no fills. What any Cairo renderer of these
/// drawings must spend at least.
public enum PlainCairoFloor {
    public static func png(strokes: [(points: [Int], width: Int, color: RGBColor?)], size: Int) -> Int {
        let surface = cairo_image_surface_create(CAIRO_FORMAT_RGB24, Int32(size), Int32(size))
        let context = cairo_create(surface)
        defer {
            cairo_destroy(context)
            cairo_surface_destroy(surface)
        }
        let scale = min(Double(size) / 1600, Double(size) / 1200)
        cairo_set_source_rgb(context, 1, 1, 1)
        cairo_paint(context)
        cairo_translate(context, (Double(size) - 1600 * scale) / 2, (Double(size) - 1200 * scale) / 2)
        cairo_scale(context, scale, scale)
        cairo_set_line_cap(context, CAIRO_LINE_CAP_ROUND)
        cairo_set_line_join(context, CAIRO_LINE_JOIN_ROUND)
        for stroke in strokes {
            let color = stroke.color ?? .white
            cairo_set_source_rgb(context, Double(color.red) / 255, Double(color.green) / 255, Double(color.blue) / 255)
            cairo_set_line_width(context, Double(stroke.width))
            cairo_move_to(context, Double(stroke.points[0]), Double(stroke.points[1]))
            for index in stride(from: 2, to: stroke.points.count, by: 2) {
                cairo_line_to(context, Double(stroke.points[index]), Double(stroke.points[index + 1]))
            }
            cairo_stroke(context)
        }
        var length = 0
        withUnsafeMutablePointer(to: &length) { counter in
            _ = cairo_surface_write_to_png_stream(surface, { closure, _, count in
                closure?.assumingMemoryBound(to: Int.self).pointee += Int(count)
                return CAIRO_STATUS_SUCCESS
            }, counter)
        }
        return length
    }
}
