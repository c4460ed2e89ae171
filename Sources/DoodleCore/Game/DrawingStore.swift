/// A drawing's accepted actions, held compactly: what a live room keeps for every turn, so its
/// size is the room's memory (docs/performance.md, "Canvas memory").
///
/// Every point of the drawing sits once in `numbers`, two 16-bit numbers a point, in arrival
/// order. A stroke's points are one stretch of it: points only ever join the open stroke, which
/// is the last one begun. Strokes and fills are kept apart from the record, which is then 4 bytes
/// an action: its kind and how many points it brought. `actions` and `item(_:)` rebuild the wire
/// types on demand, their points cut from `numbers` without copying.
///
/// It stores what it is given: `DrawingBoard` checks every action first.
struct DrawingStore: Sendable, Equatable {
    struct Stroke: Sendable, Equatable {
        var strokeId: Int
        var tool: DrawingTool
        /// Nil for the eraser.
        var color: RGBColor?
        var width: Int
        /// The stroke's stretch of `numbers`.
        var start: Int32
        var end: Int32
    }

    struct Fill: Sendable, Equatable {
        var x: UInt16
        var y: UInt16
        var color: RGBColor
    }

    /// One action of the record: its kind in the top 3 bits, the count of points it brought in
    /// the rest. Strokes and fills are found by counting the record's `strokeBegin`s and `fill`s.
    struct Entry: Sendable, Equatable {
        enum Kind: UInt32 {
            case strokeBegin, strokePoints, strokeEnd, fill, undo, clear
        }

        static let countBits: UInt32 = 29
        /// More points than a drawing may hold (`RulesLoader` keeps the limit under it).
        static let maxPoints = Int(1 << countBits) - 1

        private let raw: UInt32

        init(_ kind: Kind, points: Int = 0) {
            raw = kind.rawValue << Self.countBits | UInt32(points)
        }

        var kind: Kind {
            // Only `init` makes entries, always from a `Kind`.
            Kind(rawValue: raw >> Self.countBits) ?? .clear
        }

        var points: Int { Int(raw & (1 << Self.countBits - 1)) }
    }

    private(set) var numbers: [UInt16] = []
    private(set) var strokes: [Stroke] = []
    private(set) var fills: [Fill] = []
    private(set) var entries: [Entry] = []
    /// `numbers` never grows past this (the drawing's point limit): doubling its capacity up to
    /// a full canvas would otherwise leave up to a quarter of it unused.
    private let maxNumbers: Int

    init(maxPoints: Int) {
        maxNumbers = 2 * min(maxPoints, Entry.maxPoints)
    }

    var isEmpty: Bool { entries.isEmpty }

    /// Bytes held, counting what is reserved but unused: the drawing's share of a room's memory.
    var heldBytes: Int {
        numbers.capacity * MemoryLayout<UInt16>.stride + strokes.capacity * MemoryLayout<Stroke>.stride
            + fills.capacity * MemoryLayout<Fill>.stride + entries.capacity * MemoryLayout<Entry>.stride
    }

    /// Records a `strokeBegin`; returns the stroke's index in `strokes`.
    mutating func begin(strokeId: Int, tool: DrawingTool, color: RGBColor?, width: Int, points: PointList) -> Int {
        let start = Int32(numbers.count)
        append(points)
        strokes.append(Stroke(strokeId: strokeId, tool: tool, color: color, width: width, start: start, end: Int32(numbers.count)))
        entries.append(Entry(.strokeBegin, points: points.count / 2))
        return strokes.count - 1
    }

    /// Records a `strokePoints` of the last stroke begun.
    mutating func extendLastStroke(with points: PointList) {
        append(points)
        strokes[strokes.count - 1].end = Int32(numbers.count)
        entries.append(Entry(.strokePoints, points: points.count / 2))
    }

    /// Records a `fill`; returns its index in `fills`.
    mutating func fill(x: Int, y: Int, color: RGBColor) -> Int {
        fills.append(Fill(x: UInt16(x), y: UInt16(y), color: color))
        entries.append(Entry(.fill))
        return fills.count - 1
    }

    /// Records an action that brings nothing to store: `strokeEnd`, `undo` or `clear`.
    mutating func record(_ kind: Entry.Kind) {
        entries.append(Entry(kind))
    }

    func stroke(_ index: Int) -> StrokeBegin {
        let stroke = strokes[index]
        return strokeBegin(stroke, points: Int(stroke.start)..<Int(stroke.end))
    }

    func fill(_ index: Int) -> FillAction {
        let fill = fills[index]
        return FillAction(x: Int(fill.x), y: Int(fill.y), color: fill.color.hex)
    }

    /// The record in arrival order, as the wire and the stroke codec know it.
    var actions: [DrawingAction] { actions(from: 0) }

    /// How many actions the record holds.
    var actionCount: Int { entries.count }

    /// The record from its `first` action on: a checkpoint's strokes since the last one. The
    /// entries before `first` are only counted (no action is built for them).
    func actions(from first: Int) -> [DrawingAction] {
        var actions: [DrawingAction] = []
        actions.reserveCapacity(max(0, entries.count - first))
        var offset = 0
        var strokeIndex = -1
        var fillIndex = -1
        for (position, entry) in entries.enumerated() {
            let points = offset..<(offset + 2 * entry.points)
            offset = points.upperBound
            if position < first {
                if entry.kind == .strokeBegin { strokeIndex += 1 } else if entry.kind == .fill { fillIndex += 1 }
                continue
            }
            switch entry.kind {
            case .strokeBegin:
                strokeIndex += 1
                actions.append(.strokeBegin(strokeBegin(strokes[strokeIndex], points: points)))
            case .strokePoints:
                actions.append(.strokePoints(strokeId: strokes[strokeIndex].strokeId, points: PointList(narrow: numbers[points])))
            case .strokeEnd:
                actions.append(.strokeEnd(strokeId: strokes[strokeIndex].strokeId))
            case .fill:
                fillIndex += 1
                actions.append(.fill(fill(fillIndex)))
            case .undo:
                actions.append(.undo)
            case .clear:
                actions.append(.clear)
            }
        }
        return actions
    }

    private func strokeBegin(_ stroke: Stroke, points: Range<Int>) -> StrokeBegin {
        StrokeBegin(
            strokeId: stroke.strokeId, tool: stroke.tool, color: stroke.color?.hex, width: stroke.width,
            points: PointList(narrow: numbers[points]))
    }

    /// Appends points the board has checked: all on the canvas, so all held in 16 bits.
    private mutating func append(_ points: PointList) {
        let needed = numbers.count + points.count
        if needed > numbers.capacity {
            numbers.reserveCapacity(max(needed, min(2 * numbers.capacity, maxNumbers)))
        }
        guard let narrow = points.narrowNumbers else { preconditionFailure("a point past 16 bits is off every canvas; the board refuses it") }
        numbers.append(contentsOf: narrow)
    }
}
