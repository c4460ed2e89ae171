/// The bucket fill of the PNG renderer: a flood fill on the rendered pixels, as the web client
/// does on its canvas (`floodFill` in `Web/index.html`), so both agree on what a fill covers.
///
/// Pixels are Cairo `RGB24` words (0xXXRRGGBB, the top byte unused). A pixel joins the region
/// when the sum of its red, green and blue distances to the pixel under the fill's point is below
/// `tolerance` — the client's 48 — and it is 4-connected to that pixel. The tolerance swallows
/// the faint antialiased fringe just outside a stroke, while any stroke of a colour that differs
/// from the region's by 48 or more (summed over the channels) stays a wall wherever its coverage
/// reaches about 6 % (for black on white). The renderer draws every stroke at least one picture
/// pixel wide, so that even a thin outline on a thumbnail is such a wall. A stroke whose colour
/// is that close to the region's is no wall, on the client as here.
///
/// A render may visit at most `workBudget` pixels across all its fills; past that, a fill
/// answers `.overBudget` and the renderer marks its point instead (as the SVG renderer does), so
/// no drawing the protocol allows can hold a render thread for long.
struct PixelFlood {
    static let tolerance = 48
    static let workBudget = 8_000_000

    enum Outcome: Equatable {
        /// The pixel already had the fill's colour, or lies off the picture.
        case unchanged
        case overBudget
        /// How many pixels were painted.
        case filled(Int)
    }

    /// The pixels a fill may cover: the canvas's, not the bands around it.
    private let columns: Range<Int>
    private let rows: Range<Int>
    private let stride: Int
    /// Which fill last visited each pixel, so a fill colour close to the region's own is not
    /// visited twice; one array for the whole render, told apart by fill number.
    private var visitedBy: [UInt32]
    private var fillNumber: UInt32 = 0
    private var work = 0

    /// - Parameter stride: 32-bit words per row of the surface.
    init(columns: Range<Int>, rows: Range<Int>, stride: Int) {
        self.columns = columns
        self.rows = rows
        self.stride = stride
        visitedBy = [UInt32](repeating: 0, count: columns.count * rows.count)
    }

    /// Fills the region around (`column`, `row`) with `color` (0xRRGGBB) in `pixels`, the
    /// surface's data (`stride` words per row).
    mutating func fill(_ pixels: UnsafeMutableBufferPointer<UInt32>, column: Int, row: Int, color: UInt32) -> Outcome {
        guard columns.contains(column), rows.contains(row) else { return .unchanged }
        guard work < Self.workBudget else { return .overBudget }
        let target = pixels[row * stride + column] & 0x00ff_ffff
        let replacement = color & 0x00ff_ffff
        guard target != replacement else { return .unchanged }
        fillNumber += 1
        let number = fillNumber
        let (left, right, top, bottom) = (columns.lowerBound, columns.upperBound, rows.lowerBound, rows.upperBound)
        let (width, stride) = (columns.count, stride)
        let painted = visitedBy.withUnsafeMutableBufferPointer { visited in
            func joins(_ x: Int, _ y: Int) -> Bool {
                visited[(y - top) * width + x - left] != number && Self.isNear(pixels[y * stride + x], target)
            }
            var painted = 0
            var stack: [(x: Int, y: Int)] = [(column, row)]
            while let seed = stack.popLast() {
                let y = seed.y
                guard joins(seed.x, y) else { continue }
                var x = seed.x
                while x > left && joins(x - 1, y) { x -= 1 }
                // Scan the run rightwards, pushing one seed per run of joining pixels above and below.
                var aboveOpen = false
                var belowOpen = false
                while x < right && joins(x, y) {
                    visited[(y - top) * width + x - left] = number
                    pixels[y * stride + x] = replacement
                    painted += 1
                    if y > top {
                        let open = joins(x, y - 1)
                        if open && !aboveOpen { stack.append((x, y - 1)) }
                        aboveOpen = open
                    }
                    if y < bottom - 1 {
                        let open = joins(x, y + 1)
                        if open && !belowOpen { stack.append((x, y + 1)) }
                        belowOpen = open
                    }
                    x += 1
                }
            }
            return painted
        }
        work += max(painted, 1)
        return .filled(painted)
    }

    /// Whether `pixel` is within the tolerance of `target` (both 0x..RRGGBB).
    static func isNear(_ pixel: UInt32, _ target: UInt32) -> Bool {
        let red = abs(Int((pixel >> 16) & 0xff) - Int((target >> 16) & 0xff))
        let green = abs(Int((pixel >> 8) & 0xff) - Int((target >> 8) & 0xff))
        let blue = abs(Int(pixel & 0xff) - Int(target & 0xff))
        return red + green + blue < tolerance
    }
}
