import CCairo
import DoodleCore

/// One square Cairo image surface and its drawing context, for one render on one thread, in
/// the canvas's coordinates (`CanvasFit`), clipped to the canvas. Opaque `RGB24` pixels: a
/// picture on white needs no alpha, and its PNG is smaller without.
final class CairoImage {
    let size: Int
    let fit: CanvasFit
    /// The picture's pixels the canvas covers.
    let canvasColumns: Range<Int>
    let canvasRows: Range<Int>
    /// 32-bit words per row of the pixels.
    let stride: Int
    private let surface: OpaquePointer
    private let context: OpaquePointer

    init(size: Int, canvasWidth: Int, canvasHeight: Int) throws(PictureError) {
        guard let surface = cairo_image_surface_create(CAIRO_FORMAT_RGB24, Int32(size), Int32(size)) else {
            throw .cairo("no image surface")
        }
        try Self.check(cairo_surface_status(surface)) { cairo_surface_destroy(surface) }
        guard let context = cairo_create(surface) else {
            cairo_surface_destroy(surface)
            throw .cairo("no drawing context")
        }
        self.size = size
        self.surface = surface
        self.context = context
        stride = Int(cairo_image_surface_get_stride(surface)) / 4
        fit = CanvasFit(canvasWidth: canvasWidth, canvasHeight: canvasHeight, pictureSize: size)
        canvasColumns = fit.columns(canvasWidth: canvasWidth, pictureSize: size)
        canvasRows = fit.rows(canvasHeight: canvasHeight, pictureSize: size)
        cairo_set_source_rgb(context, 1, 1, 1)
        cairo_paint(context)
        cairo_translate(context, fit.originX, fit.originY)
        cairo_scale(context, fit.scale, fit.scale)
        cairo_rectangle(context, 0, 0, Double(canvasWidth), Double(canvasHeight))
        cairo_clip(context)
        cairo_set_line_cap(context, CAIRO_LINE_CAP_ROUND)
        cairo_set_line_join(context, CAIRO_LINE_JOIN_ROUND)
    }

    deinit {
        cairo_destroy(context)
        cairo_surface_destroy(surface)
    }

    /// A polyline through the flat `[x0, y0, x1, y1, …]` points, `width` canvas pixels wide;
    /// a single point is a dot of that diameter.
    func stroke(points: PointList, width: Double, color: RGBColor) {
        let count = points.count / 2
        guard count > 0 else { return }
        setColor(color)
        if count == 1 {
            dot(x: Double(points[0]), y: Double(points[1]), diameter: width, color: color)
            return
        }
        cairo_new_path(context)
        cairo_move_to(context, Double(points[0]), Double(points[1]))
        for index in 1..<count {
            cairo_line_to(context, Double(points[2 * index]), Double(points[2 * index + 1]))
        }
        cairo_set_line_width(context, width)
        cairo_stroke(context)
    }

    func dot(x: Double, y: Double, diameter: Double, color: RGBColor) {
        setColor(color)
        cairo_new_path(context)
        cairo_arc(context, x, y, diameter / 2, 0, 2 * Double.pi)
        cairo_fill(context)
    }

    /// Lends the pixels (0xXXRRGGBB words, `stride` words per row) to `body`, which may change
    /// them; Cairo is told so afterwards.
    func withPixels<Result>(_ body: (UnsafeMutableBufferPointer<UInt32>, _ stride: Int) throws(PictureError) -> Result) throws(PictureError) -> Result {
        cairo_surface_flush(surface)
        guard let data = cairo_image_surface_get_data(surface) else { throw .cairo("the image surface has no pixel data") }
        let stride = Int(cairo_image_surface_get_stride(surface)) / 4
        let words = UnsafeMutableRawPointer(data).bindMemory(to: UInt32.self, capacity: stride * size)
        defer { cairo_surface_mark_dirty(surface) }
        return try body(UnsafeMutableBufferPointer(start: words, count: stride * size), stride)
    }

    /// The picture as PNG.
    func png(encoder: PNGEncoder) throws(PictureError) -> [UInt8] {
        cairo_surface_flush(surface)
        guard let data = cairo_image_surface_get_data(surface) else { throw .cairo("the image surface has no pixel data") }
        let words = UnsafeRawPointer(data).bindMemory(to: UInt32.self, capacity: stride * size)
        return try encoder.encode(UnsafeBufferPointer(start: words, count: stride * size), width: size, height: size, stride: stride)
    }

    /// A copy of the pixels as they are now.
    func snapshot() -> PixelImage {
        PixelImage(surface: surface, width: size, height: size)
    }

    private func setColor(_ color: RGBColor) {
        CairoColor.use(color, in: context)
    }

    static func check(_ status: cairo_status_t, cleanUp: () -> Void = {}) throws(PictureError) {
        guard status != CAIRO_STATUS_SUCCESS else { return }
        cleanUp()
        throw .cairo(String(cString: cairo_status_to_string(status)))
    }
}
