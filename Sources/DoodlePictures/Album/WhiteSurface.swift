import CCairo

/// A white Cairo surface of `width` × `height`, drawn on by `draw` with the captions' ink set,
/// and taken as pixels: what an album's caption band and a chain's text card are made on.
enum WhiteSurface {
    static func render(
        width: Int, height: Int, _ draw: (_ context: OpaquePointer) throws(PictureError) -> Void
    ) throws(PictureError) -> PixelImage {
        guard let surface = cairo_image_surface_create(CAIRO_FORMAT_RGB24, Int32(width), Int32(height)) else {
            throw .cairo("no image surface")
        }
        defer { cairo_surface_destroy(surface) }
        try CairoImage.check(cairo_surface_status(surface))
        guard let context = cairo_create(surface) else { throw .cairo("no drawing context") }
        defer { cairo_destroy(context) }
        cairo_set_source_rgb(context, 1, 1, 1)
        cairo_paint(context)
        CairoColor.use(packed: CaptionBand.textColor, in: context)
        try draw(context)
        try CairoImage.check(cairo_status(context))
        return PixelImage(surface: surface, width: width, height: height)
    }
}
