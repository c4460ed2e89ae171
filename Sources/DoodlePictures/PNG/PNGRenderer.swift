import DoodleCore

/// Renders a drawing's final canvas as a square PNG, drawn with Cairo and written by
/// `PNGEncoder` (`GET /v1/drawings/{id}.png`, `GET /v1/me/latest-received.png`).
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
/// The drawing itself is `CanvasPainter`'s, which the GIF frames share.
public struct PNGRenderer: Sendable {
    /// The sides a picture may have, in pixels.
    public static let sizes = 64...1024
    /// Changes whenever the same drawing would render differently, so cached pictures and the
    /// `ETag`s clients hold are not taken for the new ones.
    public static let version = 2

    public var canvasWidth: Int
    public var canvasHeight: Int
    public var encoder: PNGEncoder

    public init(canvasWidth: Int = 1600, canvasHeight: Int = 1200, encoder: PNGEncoder = PNGEncoder()) {
        self.canvasWidth = canvasWidth
        self.canvasHeight = canvasHeight
        self.encoder = encoder
    }

    /// The PNG of the canvas the record leaves behind.
    public func render(_ actions: [DrawingAction], size: Int) throws(PictureError) -> [UInt8] {
        try render(items: CanvasReplay.visibleItems(after: actions), size: size)
    }

    /// The PNG of these visible items, drawn in order.
    public func render(items: [CanvasItem], size: Int) throws(PictureError) -> [UInt8] {
        guard Self.sizes.contains(size) else { throw .sizeOutOfRange(size) }
        var painter = try CanvasPainter(size: size, canvasWidth: canvasWidth, canvasHeight: canvasHeight)
        try painter.draw(items)
        return try painter.image.png(encoder: encoder)
    }
}
