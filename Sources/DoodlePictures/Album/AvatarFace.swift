import CCairo
import DoodleCore

/// A player's face drawn with Cairo, as the browser client draws it (`Web/avatar.js`): a disc of
/// the avatar's colour with one of 8 pairs of eyes and one of 8 mouths, on a 32-unit grid. The
/// album writes it beside a drawer's name. The two drawings are kept alike by hand: the variants
/// below follow the client's, shape for shape.
enum AvatarFace {
    /// The features' ink (the client's `#2b2b2b`).
    static let ink: UInt32 = 0x2b_2b2b
    /// A tongue's red (eyes and mouths are otherwise ink and white).
    static let tongue: UInt32 = 0xe4_576e

    /// The colours a face may show, for a palette that must hold them exactly.
    static func colors(of avatar: Avatar) -> [UInt32] {
        [avatar.color.packed, ink, 0xff_ffff, tongue]
    }

    /// Draws `avatar` in the square of side `size` whose top left corner is (`x`, `y`).
    static func draw(_ avatar: Avatar, in context: OpaquePointer, x: Double, y: Double, size: Double) {
        cairo_save(context)
        defer { cairo_restore(context) }
        // The text drawn before leaves a current point, which an arc would join with a line.
        cairo_new_path(context)
        cairo_translate(context, x, y)
        cairo_scale(context, size / 32, size / 32)
        cairo_set_line_cap(context, CAIRO_LINE_CAP_ROUND)
        cairo_set_line_join(context, CAIRO_LINE_JOIN_ROUND)
        cairo_arc(context, 16, 16, 15, 0, 2 * .pi)
        CairoColor.use(avatar.color, in: context)
        cairo_fill_preserve(context)
        cairo_set_source_rgba(context, 0, 0, 0, 0.2)
        cairo_set_line_width(context, 1)
        cairo_stroke(context)
        eyes(avatar.eyes, context)
        mouth(avatar.mouth, context)
    }

    private static func eyes(_ variant: Int, _ c: OpaquePointer) {
        switch variant {
        case 1:
            for cx in [11.0, 21] { circle(c, cx, 13, 3.6, fill: 0xff_ffff, stroke: 1.2) }
            for cx in [11.6, 21.6] { circle(c, cx, 13.6, 1.7) }
        case 2:
            for cx in [11.0, 21] { ellipse(c, cx, 13, 1.6, 3) }
        case 3:
            curve(c, from: (8, 14), control: (11, 10), to: (14, 14), width: 2)
            curve(c, from: (18, 14), control: (21, 10), to: (24, 14), width: 2)
        case 4:
            line(c, (8, 13), (14, 13), width: 2)
            line(c, (18, 13), (24, 13), width: 2)
        case 5:
            circle(c, 11, 13, 2)
            curve(c, from: (18, 13.5), control: (21, 15.5), to: (24, 13.5), width: 2)
        case 6:
            for cx in [11.0, 21] { circle(c, cx, 13, 3.8, fill: nil, stroke: 1.6) }
            line(c, (14.8, 13), (17.2, 13), width: 1.6)
            for cx in [11.0, 21] { circle(c, cx, 13, 1.3) }
        case 7:
            for cx in [11.0, 21] { circle(c, cx, 14, 2) }
            line(c, (7.5, 9.5), (13.5, 11.3), width: 1.8)
            line(c, (24.5, 9.5), (18.5, 11.3), width: 1.8)
        default:
            for cx in [11.0, 21] { circle(c, cx, 13, 2) }
        }
    }

    private static func mouth(_ variant: Int, _ c: OpaquePointer) {
        switch variant {
        case 1:
            // An open grin: flat on top, its chin a curve through (16, 26).
            cairo_move_to(c, 9, 19)
            cairo_line_to(c, 23, 19)
            quadratic(c, from: (23, 19), control: (22, 26), to: (16, 26))
            quadratic(c, from: (16, 26), control: (10, 26), to: (9, 19))
            cairo_close_path(c)
            CairoColor.use(packed: ink, in: c)
            cairo_fill_preserve(c)
            cairo_set_line_width(c, 1.2)
            cairo_stroke(c)
        case 2:
            line(c, (11, 22), (21, 22), width: 2)
        case 3:
            ellipse(c, 16, 22, 2.6, 3.2)
        case 4:
            // A tongue out under a smile.
            cairo_move_to(c, 15, 22.5)
            cairo_line_to(c, 15, 25)
            cairo_arc_negative(c, 17, 25, 2, .pi, 0)
            cairo_line_to(c, 19, 22.5)
            cairo_close_path(c)
            CairoColor.use(packed: tongue, in: c)
            cairo_fill_preserve(c)
            CairoColor.use(packed: ink, in: c)
            cairo_set_line_width(c, 1)
            cairo_stroke(c)
            curve(c, from: (10, 21), control: (16, 25), to: (22, 21), width: 2)
        case 5:
            cairo_move_to(c, 11, 21)
            quadratic(c, from: (11, 21), control: (13.5, 24), to: (16, 21))
            quadratic(c, from: (16, 21), control: (18.5, 24), to: (21, 21))
            CairoColor.use(packed: ink, in: c)
            cairo_set_line_width(c, 1.8)
            cairo_stroke(c)
        case 6:
            curve(c, from: (10, 24), control: (16, 19), to: (22, 24), width: 2)
        case 7:
            // Teeth: a white rounded box with a line across and two between.
            roundedRectangle(c, x: 10, y: 19.5, width: 12, height: 5, radius: 2)
            CairoColor.use(packed: 0xff_ffff, in: c)
            cairo_fill_preserve(c)
            CairoColor.use(packed: ink, in: c)
            cairo_set_line_width(c, 1.4)
            cairo_stroke(c)
            line(c, (10, 22), (22, 22), width: 1)
            line(c, (14, 19.5), (14, 24.5), width: 1)
            line(c, (18, 19.5), (18, 24.5), width: 1)
        default:
            curve(c, from: (10, 20), control: (16, 26), to: (22, 20), width: 2)
        }
    }

    // MARK: - Shapes on the grid, in ink unless told

    private static func circle(_ c: OpaquePointer, _ cx: Double, _ cy: Double, _ r: Double, fill: UInt32? = ink, stroke: Double? = nil) {
        cairo_new_sub_path(c)
        cairo_arc(c, cx, cy, r, 0, 2 * .pi)
        if let fill {
            CairoColor.use(packed: fill, in: c)
            stroke == nil ? cairo_fill(c) : cairo_fill_preserve(c)
        }
        if let stroke {
            CairoColor.use(packed: ink, in: c)
            cairo_set_line_width(c, stroke)
            cairo_stroke(c)
        }
    }

    private static func ellipse(_ c: OpaquePointer, _ cx: Double, _ cy: Double, _ rx: Double, _ ry: Double) {
        cairo_save(c)
        cairo_translate(c, cx, cy)
        cairo_scale(c, rx, ry)
        cairo_new_sub_path(c)
        cairo_arc(c, 0, 0, 1, 0, 2 * .pi)
        cairo_restore(c)
        CairoColor.use(packed: ink, in: c)
        cairo_fill(c)
    }

    private static func line(_ c: OpaquePointer, _ from: (Double, Double), _ to: (Double, Double), width: Double) {
        cairo_move_to(c, from.0, from.1)
        cairo_line_to(c, to.0, to.1)
        CairoColor.use(packed: ink, in: c)
        cairo_set_line_width(c, width)
        cairo_stroke(c)
    }

    /// A stroked quadratic curve, as SVG's `q`.
    private static func curve(_ c: OpaquePointer, from: (Double, Double), control: (Double, Double), to: (Double, Double), width: Double) {
        cairo_move_to(c, from.0, from.1)
        quadratic(c, from: from, control: control, to: to)
        CairoColor.use(packed: ink, in: c)
        cairo_set_line_width(c, width)
        cairo_stroke(c)
    }

    /// Appends a quadratic Bézier segment (Cairo draws cubic ones: the two controls lie two
    /// thirds of the way from each end to the quadratic's).
    private static func quadratic(_ c: OpaquePointer, from: (Double, Double), control: (Double, Double), to: (Double, Double)) {
        cairo_curve_to(
            c, from.0 + 2 / 3 * (control.0 - from.0), from.1 + 2 / 3 * (control.1 - from.1), to.0 + 2 / 3 * (control.0 - to.0),
            to.1 + 2 / 3 * (control.1 - to.1), to.0, to.1)
    }

    private static func roundedRectangle(_ c: OpaquePointer, x: Double, y: Double, width: Double, height: Double, radius: Double) {
        cairo_new_sub_path(c)
        cairo_arc(c, x + width - radius, y + radius, radius, -.pi / 2, 0)
        cairo_arc(c, x + width - radius, y + height - radius, radius, 0, .pi / 2)
        cairo_arc(c, x + radius, y + height - radius, radius, .pi / 2, .pi)
        cairo_arc(c, x + radius, y + radius, radius, .pi, 3 * .pi / 2)
        cairo_close_path(c)
    }
}
