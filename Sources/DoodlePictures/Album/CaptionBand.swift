import CCairo
import DoodleCore

/// A line of a caption: a drawing's word (bold) or its drawer, with the drawer's face before it
/// (or a telephone text's writer, alone).
struct CaptionLine: Equatable {
    var text: String
    var bold = false
    var face: Avatar?
}

/// Lines of text centred on a white band, as an album writes a drawing's word and drawer under
/// it. Drawn with Cairo's own text API on fontconfig's `sans-serif` (DejaVu Sans on Debian, which
/// covers the word packs' Latin alphabets); a line too long for the band ends in "…".
enum CaptionBand {
    /// Near-black, so the text's palette entry is not also the drawings' black.
    static let textColor: UInt32 = 0x20_2020

    /// How tall the band under a drawing of side `size` is: two lines, readable at 64 px too.
    static func height(forPictureSize size: Int) -> Int {
        max(28, size * 11 / 50)
    }

    static func render(_ lines: [CaptionLine], width: Int, height: Int) throws(PictureError) -> PixelImage {
        try WhiteSurface.render(width: width, height: height) { context in draw(lines, width: width, height: height, in: context) }
    }

    private static func draw(_ lines: [CaptionLine], width: Int, height: Int, in context: OpaquePointer) {
        // The band is made for two lines: one alone (a text's writer) is as large, and centred.
        let lineHeight = Double(height) / Double(max(lines.count, 2))
        let top = (Double(height) - lineHeight * Double(lines.count)) / 2
        let margin = Double(height) * 0.15
        for (index, line) in lines.enumerated() {
            cairo_select_font_face(
                context, "sans-serif", CAIRO_FONT_SLANT_NORMAL, line.bold ? CAIRO_FONT_WEIGHT_BOLD : CAIRO_FONT_WEIGHT_NORMAL)
            cairo_set_font_size(context, lineHeight * 0.62)
            // A face is as tall as the line's capitals and more, and is centred with its text.
            let faceSize = line.face == nil ? 0 : lineHeight * 0.8
            let faceRoom = line.face == nil ? 0 : faceSize + lineHeight * 0.2
            let text = fitted(line.text, width: Double(width) - 2 * margin - faceRoom, context: context)
            let extents = textExtents(text, context: context)
            let left = (Double(width) - extents.x_advance - faceRoom) / 2
            if let face = line.face {
                AvatarFace.draw(face, in: context, x: left, y: top + lineHeight * Double(index) + lineHeight * 0.1, size: faceSize)
                CairoColor.use(packed: textColor, in: context)
            }
            cairo_move_to(context, left + faceRoom, top + lineHeight * Double(index) + lineHeight * 0.72)
            cairo_show_text(context, text)
        }
    }

    /// `text`, shortened to end in "…" if it is wider than `width`.
    static func fitted(_ text: String, width: Double, context: OpaquePointer) -> String {
        guard textExtents(text, context: context).x_advance > width else { return text }
        var kept = Substring(text)
        while !kept.isEmpty {
            kept = kept.dropLast()
            let candidate = String(kept.trimmingSuffixWhitespace) + "…"
            if textExtents(candidate, context: context).x_advance <= width { return candidate }
        }
        return "…"
    }

    static func textExtents(_ text: String, context: OpaquePointer) -> cairo_text_extents_t {
        var extents = cairo_text_extents_t()
        cairo_text_extents(context, text, &extents)
        return extents
    }
}

extension Substring {
    fileprivate var trimmingSuffixWhitespace: Substring {
        var trimmed = self
        while let last = trimmed.last, last.isWhitespace { trimmed = trimmed.dropLast() }
        return trimmed
    }
}
