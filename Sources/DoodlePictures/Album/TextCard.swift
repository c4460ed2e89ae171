import CCairo

/// A telephone chain's text as an album shows it where a drawing would be: the words centred on
/// white, wrapped at spaces, in the captions' ink and face. The text is at most 100 characters
/// (PROTOCOL.md, `submitText`); the type shrinks until it fits, and a word wider than a whole
/// line ends in "…". An empty text (its player never submitted one) reads as skipped.
enum TextCard {
    static let skipped = "(skipped)"

    static func render(_ text: String, size: Int) throws(PictureError) -> PixelImage {
        try WhiteSurface.render(width: size, height: size) { context in draw(text, size: size, in: context) }
    }

    private static func draw(_ text: String, size: Int, in context: OpaquePointer) {
        cairo_select_font_face(context, "sans-serif", CAIRO_FONT_SLANT_NORMAL, CAIRO_FONT_WEIGHT_NORMAL)

        let shown = text.isEmpty ? skipped : text
        let side = Double(size)
        let width = side * 0.84
        // From a tenth of the side down to a twentieth, the first size whose lines fit.
        var fontSize = side / 10
        var lines = wrapped(shown, width: width, fontSize: fontSize, context: context)
        while Double(lines.count) * fontSize * 1.3 > side * 0.84 && fontSize > side / 20 {
            fontSize *= 0.9
            lines = wrapped(shown, width: width, fontSize: fontSize, context: context)
        }
        let lineHeight = fontSize * 1.3
        let top = (side - lineHeight * Double(lines.count)) / 2
        for (index, line) in lines.enumerated() {
            let advance = CaptionBand.textExtents(line, context: context).x_advance
            cairo_move_to(context, (side - advance) / 2, top + lineHeight * Double(index) + fontSize)
            cairo_show_text(context, line)
        }
    }

    /// `text` in lines no wider than `width` at `fontSize`, broken at spaces.
    private static func wrapped(_ text: String, width: Double, fontSize: Double, context: OpaquePointer) -> [String] {
        cairo_set_font_size(context, fontSize)
        var lines: [String] = []
        var line = ""
        for word in text.split(whereSeparator: \.isWhitespace).map(String.init) {
            let candidate = line.isEmpty ? word : line + " " + word
            if CaptionBand.textExtents(candidate, context: context).x_advance <= width {
                line = candidate
                continue
            }
            if !line.isEmpty { lines.append(line) }
            line = CaptionBand.fitted(word, width: width, context: context)
        }
        if !line.isEmpty { lines.append(line) }
        return lines
    }
}
