import DoodleCore

/// Drawings replayed as animated GIFs (`GET /v1/drawings/{id}.gif`, `GET /v1/games/{id}/album.gif`).
///
/// Every frame is drawn by `CanvasPainter`, as the PNG is, so a GIF's last frame is the PNG's
/// picture in the GIF's palette (`GIFPalette`, made from the finished pictures). Frames follow
/// `ReplayPlan`; the GIF loops forever, on white.
public struct GIFRenderer: Sendable {
    /// The sides a GIF may have, in pixels: smaller than a PNG's, since it holds up to 60 pictures.
    public static let sizes = 64...512
    /// Changes whenever the same drawing would give a different GIF (see `PNGRenderer.version`).
    public static let version = 1
    /// The same for a game's album GIF (2: the drawers' faces in the captions).
    public static let albumVersion = 2

    public var canvasWidth: Int
    public var canvasHeight: Int

    public init(canvasWidth: Int = 1600, canvasHeight: Int = 1200) {
        self.canvasWidth = canvasWidth
        self.canvasHeight = canvasHeight
    }

    /// One drawing's replay, `size`×`size`: at most 60 frames, then the finished drawing for 2 s.
    public func render(items: [CanvasItem], size: Int, plan: ReplayPlan = .drawing) throws(PictureError) -> [UInt8] {
        guard Self.sizes.contains(size) else { throw .sizeOutOfRange(size, allowed: Self.sizes) }
        var histogram = ColorHistogram()
        histogram.add(try finished(items, size: size))
        let writer = try GIFWriter(width: size, height: size, palette: GIFPalette(histogram: histogram, pinned: Self.pinned(items)))
        try replay(items, size: size, plan: plan) { (picture, delay) throws(PictureError) in try writer.add(picture, delay: delay) }
        return try writer.finish()
    }

    /// A game's album: each drawing replayed in turn (`ReplayPlan.album`) with its word and
    /// drawer under it, `size` wide and `size` plus the caption's band tall. A text's page (a
    /// telephone chain's) is one frame, held as a finished drawing is.
    ///
    /// A telephone game's album stays within a party game's frames: of its at most 16 chains of
    /// 16 entries, at most half are drawings (steps alternate), so 128 replays of at most 12
    /// frames and 128 text frames, 1,664 frames against the 1,920 of a party game's 160 drawings.
    public func renderAlbum(_ pages: [AlbumPage], size: Int, plan: ReplayPlan = .album) throws(PictureError) -> [UInt8] {
        guard Self.sizes.contains(size) else { throw .sizeOutOfRange(size, allowed: Self.sizes) }
        let band = CaptionBand.height(forPictureSize: size)
        let captions = try pages.map { page throws(PictureError) in try CaptionBand.render(page.caption, width: size, height: band) }
        var histogram = ColorHistogram()
        for (page, caption) in zip(pages, captions) {
            var frame = PixelImage(width: size, height: size + band)
            frame.place(try page.finishedPicture(size: size, canvasWidth: canvasWidth, canvasHeight: canvasHeight), column: 0, row: 0)
            frame.place(caption, column: 0, row: size)
            histogram.add(frame)
        }
        // The faces' colours exactly too: a player knows its own face by its colour.
        let faces = pages.compactMap(\.drawerAvatar).flatMap(AvatarFace.colors(of:))
        let pinned = [CaptionBand.textColor] + faces + pages.flatMap { Self.pinned($0.items) }
        let writer = try GIFWriter(width: size, height: size + band, palette: GIFPalette(histogram: histogram, pinned: pinned))
        for (page, caption) in zip(pages, captions) {
            var frame = PixelImage(width: size, height: size + band)
            frame.place(caption, column: 0, row: size)
            if let text = page.writtenText {
                frame.place(try TextCard.render(text, size: size), column: 0, row: 0)
                try writer.add(frame, delay: plan.hold)
                continue
            }
            try replay(page.items, size: size, plan: plan) { (picture, delay) throws(PictureError) in
                frame.place(picture, column: 0, row: 0)
                try writer.add(frame, delay: delay)
            }
        }
        return try writer.finish()
    }

    /// Draws `items` frame by frame as `plan` cuts them, handing each frame's picture and delay on.
    private func replay(
        _ items: [CanvasItem], size: Int, plan: ReplayPlan, frame: (PixelImage, Int) throws(PictureError) -> Void
    ) throws(PictureError) {
        var painter = try painter(size: size)
        var drawn = 0
        for step in plan.frames(itemCount: items.count) {
            try painter.draw(items[drawn..<step.itemCount])
            drawn = step.itemCount
            try frame(painter.image.snapshot(), step.delay)
        }
    }

    private func painter(size: Int) throws(PictureError) -> CanvasPainter {
        try CanvasPainter(size: size, canvasWidth: canvasWidth, canvasHeight: canvasHeight)
    }

    /// The finished drawing, whose colours the palette is made from.
    private func finished(_ items: [CanvasItem], size: Int) throws(PictureError) -> PixelImage {
        var painter = try painter(size: size)
        try painter.draw(items)
        return painter.image.snapshot()
    }

    /// White and the colours the drawing is drawn in, which the palette keeps exact.
    static func pinned(_ items: [CanvasItem]) -> [UInt32] {
        [RGBColor.white.packed] + items.map { CanvasPainter.drawnColor(of: $0).packed }
    }
}
