import DoodleCore

/// One drawing of a game's album: what it shows and what is written under it.
public struct AlbumPage: Sendable, Equatable {
    /// The drawing's visible items, in drawing order (`CanvasReplay.visibleItems`).
    public var items: [CanvasItem]
    public var word: String
    /// The drawer's name ("deleted player" for one who deleted itself).
    public var drawer: String
    /// The drawer's face, drawn before its name; nil for none (a deleted drawer).
    public var drawerAvatar: Avatar?

    public init(items: [CanvasItem], word: String, drawer: String, drawerAvatar: Avatar? = nil) {
        self.items = items
        self.word = word
        self.drawer = drawer
        self.drawerAvatar = drawerAvatar
    }

    var caption: [CaptionLine] {
        [CaptionLine(text: word, bold: true), CaptionLine(text: drawer, face: drawerAvatar)]
    }
}
