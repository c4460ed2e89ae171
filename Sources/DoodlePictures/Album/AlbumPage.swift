import DoodleCore

/// One page of a game's album: a drawing with what is written under it, or (a telephone chain's
/// write or describe entry) a text written on white with its writer under it.
public struct AlbumPage: Sendable, Equatable {
    /// The drawing's visible items, in drawing order (`CanvasReplay.visibleItems`); none for a text.
    public var items: [CanvasItem]
    /// The drawing's word: a party turn's, or the prompt a telephone drawer was given.
    public var word: String
    /// The drawer's name, or a text's writer's ("deleted player" for one who deleted itself).
    public var drawer: String
    /// The drawer's (or writer's) face, drawn before its name; nil for none (a deleted player).
    public var drawerAvatar: Avatar?
    /// A telephone chain's text, shown where a drawing would be (`""`: its player wrote none);
    /// nil for a drawing's page.
    public var writtenText: String?

    public init(items: [CanvasItem], word: String, drawer: String, drawerAvatar: Avatar? = nil) {
        self.items = items
        self.word = word
        self.drawer = drawer
        self.drawerAvatar = drawerAvatar
    }

    /// A telephone chain's written or described text, by `writer`.
    public static func text(_ text: String, writer: String, writerAvatar: Avatar?) -> AlbumPage {
        var page = AlbumPage(items: [], word: "", drawer: writer, drawerAvatar: writerAvatar)
        page.writtenText = text
        return page
    }

    /// A drawing's word and drawer; a text's writer alone, its words being above.
    var caption: [CaptionLine] {
        let drawerLine = CaptionLine(text: drawer, face: drawerAvatar)
        return writtenText == nil ? [CaptionLine(text: word, bold: true), drawerLine] : [drawerLine]
    }

    /// The page's picture as it is finished, `size` square: the drawing drawn whole, or the text's card.
    func finishedPicture(size: Int, canvasWidth: Int, canvasHeight: Int) throws(PictureError) -> PixelImage {
        if let writtenText { return try TextCard.render(writtenText, size: size) }
        var painter = try CanvasPainter(size: size, canvasWidth: canvasWidth, canvasHeight: canvasHeight)
        try painter.draw(items)
        return painter.image.snapshot()
    }
}
