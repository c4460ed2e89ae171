import DoodleCore

/// One drawing of a game's album: what it shows and what is written under it.
public struct AlbumPage: Sendable, Equatable {
    /// The drawing's visible items, in drawing order (`CanvasReplay.visibleItems`).
    public var items: [CanvasItem]
    public var word: String
    /// The drawer's name ("deleted player" for one who deleted itself).
    public var drawer: String

    public init(items: [CanvasItem], word: String, drawer: String) {
        self.items = items
        self.word = word
        self.drawer = drawer
    }

    var caption: [CaptionLine] {
        [CaptionLine(text: word, bold: true), CaptionLine(text: drawer)]
    }
}
