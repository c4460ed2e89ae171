import DoodleCore

/// A coarse colour raster of the canvas, kept only to find the region each flood fill covers
/// when a drawing is rendered as SVG (which has no flood fill of its own).
///
/// Cells are `cellSize`×`cellSize` pixels. A stroke paints every cell whose centre lies within
/// half its width of the stroke's path, and at least within half a cell, so that even a
/// 1-pixel line is an unbroken wall a fill cannot leak through. A fill takes every cell
/// 4-connected to its own cell that has the same colour (as a client's flood fill does with
/// pixels) and paints it. The whole render may visit at most `workBudget` cells (painting,
/// flooding and reading regions back all count); past that,
/// strokes are no longer rasterised and fills report `.overBudget`, which keeps the time to
/// render any drawing the protocol allows to a few tens of milliseconds.
struct FillRaster {
    static let cellSize = 2
    static let workBudget = 8_000_000

    struct Rectangle: Equatable, Sendable {
        var x: Int
        var y: Int
        var width: Int
        var height: Int
    }

    enum Region: Equatable, Sendable {
        /// The cell already had the fill's colour (or lies off the canvas): nothing changes.
        case unchanged
        case overBudget
        /// The filled cells, in pixels, as non-overlapping rectangles.
        case rectangles([Rectangle])
    }

    private let width: Int
    private let height: Int
    private let columns: Int
    private let rows: Int
    private var cells: [UInt32]
    /// Which fill last painted each cell (its number), to read its region back.
    private var fillNumbers: [UInt32]
    private var fillCount: UInt32 = 0
    private var work = 0

    init(width: Int, height: Int, background: RGBColor) {
        self.width = max(width, 1)
        self.height = max(height, 1)
        columns = (self.width + Self.cellSize - 1) / Self.cellSize
        rows = (self.height + Self.cellSize - 1) / Self.cellSize
        cells = [UInt32](repeating: background.packed, count: columns * rows)
        fillNumbers = [UInt32](repeating: 0, count: columns * rows)
    }

    // MARK: - Strokes

    mutating func paintStroke(points: PointList, width: Int, color: RGBColor) {
        let count = points.count / 2
        guard count > 0 else { return }
        let radius = max(Double(width) / 2, Double(Self.cellSize) / 2)
        var previous = (x: Double(points[0]), y: Double(points[1]))
        paintSegment(from: previous, to: previous, radius: radius, color: color.packed)
        for index in 1..<count {
            let next = (x: Double(points[2 * index]), y: Double(points[2 * index + 1]))
            paintSegment(from: previous, to: next, radius: radius, color: color.packed)
            previous = next
        }
    }

    private mutating func paintSegment(from a: (x: Double, y: Double), to b: (x: Double, y: Double), radius: Double, color: UInt32) {
        guard work < Self.workBudget else { return }
        let size = Double(Self.cellSize)
        let firstColumn = max(0, Int(((min(a.x, b.x) - radius) / size).rounded(.down)))
        let lastColumn = min(columns - 1, Int(((max(a.x, b.x) + radius) / size).rounded(.down)))
        let firstRow = max(0, Int(((min(a.y, b.y) - radius) / size).rounded(.down)))
        let lastRow = min(rows - 1, Int(((max(a.y, b.y) + radius) / size).rounded(.down)))
        guard firstColumn <= lastColumn, firstRow <= lastRow else { return }
        work += (lastColumn - firstColumn + 1) * (lastRow - firstRow + 1)
        let dx = b.x - a.x
        let dy = b.y - a.y
        let lengthSquared = dx * dx + dy * dy
        let limit = radius * radius
        for row in firstRow...lastRow {
            let cy = (Double(row) + 0.5) * size
            for column in firstColumn...lastColumn {
                let cx = (Double(column) + 0.5) * size
                // Distance from the cell centre to the segment: project, clamp, measure.
                var t = lengthSquared > 0 ? ((cx - a.x) * dx + (cy - a.y) * dy) / lengthSquared : 0
                t = min(max(t, 0), 1)
                let ex = a.x + t * dx - cx
                let ey = a.y + t * dy - cy
                if ex * ex + ey * ey <= limit {
                    cells[row * columns + column] = color
                }
            }
        }
    }

    // MARK: - Fills

    mutating func flood(x: Int, y: Int, color: RGBColor) -> Region {
        guard (0..<width).contains(x), (0..<height).contains(y) else { return .unchanged }
        guard work < Self.workBudget else { return .overBudget }
        let start = (y / Self.cellSize) * columns + x / Self.cellSize
        let target = cells[start]
        let replacement = color.packed
        guard target != replacement else { return .unchanged }
        fillCount += 1
        let number = fillCount
        var bounds = (minColumn: columns, maxColumn: 0, minRow: rows, maxRow: 0)
        var stack = [start]
        cells[start] = replacement
        fillNumbers[start] = number
        // Cells are recoloured when pushed, so each is pushed once.
        func visit(_ neighbour: Int) {
            guard cells[neighbour] == target else { return }
            cells[neighbour] = replacement
            fillNumbers[neighbour] = number
            stack.append(neighbour)
        }
        while let index = stack.popLast() {
            work += 1
            let column = index % columns
            let row = index / columns
            bounds = (min(bounds.minColumn, column), max(bounds.maxColumn, column), min(bounds.minRow, row), max(bounds.maxRow, row))
            if column > 0 { visit(index - 1) }
            if column < columns - 1 { visit(index + 1) }
            if row > 0 { visit(index - columns) }
            if row < rows - 1 { visit(index + columns) }
        }
        work += (bounds.maxColumn - bounds.minColumn + 1) * (bounds.maxRow - bounds.minRow + 1)
        return .rectangles(rectangles(of: number, columns: bounds.minColumn...bounds.maxColumn, rows: bounds.minRow...bounds.maxRow))
    }

    /// The cells painted by fill `number` as rectangles: runs along each row, with runs that
    /// span the same columns on consecutive rows merged into one taller rectangle.
    private func rectangles(of number: UInt32, columns columnRange: ClosedRange<Int>, rows rowRange: ClosedRange<Int>) -> [Rectangle] {
        var finished: [Rectangle] = []
        // Open rectangles by their column span, with the row they started on.
        var open: [ClosedRange<Int>: Int] = [:]
        for row in rowRange {
            var runs: [ClosedRange<Int>] = []
            var runStart: Int?
            for column in columnRange {
                let inside = fillNumbers[row * columns + column] == number
                if inside, runStart == nil { runStart = column }
                if !inside, let start = runStart {
                    runs.append(start...(column - 1))
                    runStart = nil
                }
            }
            if let start = runStart { runs.append(start...columnRange.upperBound) }
            let continuing = Set(runs)
            for (span, startRow) in open where !continuing.contains(span) {
                finished.append(pixelRectangle(columns: span, rows: startRow...(row - 1)))
                open[span] = nil
            }
            for run in runs where open[run] == nil {
                open[run] = row
            }
        }
        for (span, startRow) in open {
            finished.append(pixelRectangle(columns: span, rows: startRow...rowRange.upperBound))
        }
        return finished.sorted { ($0.y, $0.x) < ($1.y, $1.x) }
    }

    private func pixelRectangle(columns span: ClosedRange<Int>, rows rowSpan: ClosedRange<Int>) -> Rectangle {
        let x = span.lowerBound * Self.cellSize
        let y = rowSpan.lowerBound * Self.cellSize
        let right = min((span.upperBound + 1) * Self.cellSize, width)
        let bottom = min((rowSpan.upperBound + 1) * Self.cellSize, height)
        return Rectangle(x: x, y: y, width: right - x, height: bottom - y)
    }
}
