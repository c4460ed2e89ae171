import CCairo
import DoodleCore

/// Cairo's source colour from the two ways colours are held here: an `RGBColor`, or packed as
/// 0xRRGGBB (the palette's and the caption's constants).
enum CairoColor {
    static func use(_ color: RGBColor, in context: OpaquePointer) {
        cairo_set_source_rgb(context, Double(color.red) / 255, Double(color.green) / 255, Double(color.blue) / 255)
    }

    static func use(packed rgb: UInt32, in context: OpaquePointer) {
        cairo_set_source_rgb(context, Double(rgb >> 16 & 0xff) / 255, Double(rgb >> 8 & 0xff) / 255, Double(rgb & 0xff) / 255)
    }
}
