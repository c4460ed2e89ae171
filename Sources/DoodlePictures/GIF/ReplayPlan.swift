/// How a drawing's replay is cut into the frames of a GIF: frame k of F shows the first
/// ⌈k·n/F⌉ of the drawing's n visible items, in the order they were drawn (what was undone or
/// cleared is not replayed), so the last frame is the finished drawing. F is n, but at most
/// `maxFrames` and at least 1. The frames before the last follow one another at a steady pace
/// that keeps the whole replay within `replayLimit`; the last is held for `hold`.
public struct ReplayPlan: Sendable, Equatable {
    public struct Frame: Sendable, Equatable {
        /// How many of the drawing's visible items the frame shows.
        public var itemCount: Int
        /// How long it stays, in hundredths of a second (GIF's unit).
        public var delay: Int

        public init(itemCount: Int, delay: Int) {
            self.itemCount = itemCount
            self.delay = delay
        }
    }

    public var maxFrames: Int
    /// The longest the frames before the last may take together, in hundredths of a second.
    public var replayLimit: Int
    /// How long the finished drawing stays, in hundredths of a second.
    public var hold: Int
    /// The longest one step of the replay stays, so a drawing of few strokes is not a slide show.
    public var slowestStep: Int

    public init(maxFrames: Int, replayLimit: Int, hold: Int, slowestStep: Int) {
        self.maxFrames = max(maxFrames, 1)
        self.replayLimit = max(replayLimit, 0)
        self.hold = max(hold, 0)
        self.slowestStep = max(slowestStep, 0)
    }

    /// One drawing's GIF (PROTOCOL.md): at most 60 frames, the replay at most 6 s, then the
    /// finished drawing for 2 s.
    public static let drawing = ReplayPlan(maxFrames: 60, replayLimit: 600, hold: 200, slowestStep: 50)
    /// Each drawing of an album's GIF: shorter, since a game may hold 160 drawings.
    public static let album = ReplayPlan(maxFrames: 12, replayLimit: 200, hold: 200, slowestStep: 25)

    public func frames(itemCount: Int) -> [Frame] {
        let items = max(itemCount, 0)
        let count = max(1, min(items, maxFrames))
        let step = count > 1 ? min(slowestStep, replayLimit / (count - 1)) : 0
        return (1...count).map { index in
            Frame(itemCount: (index * items + count - 1) / count, delay: index == count ? hold : step)
        }
    }
}
