/// Where the 1600×1200 canvas lands on a square picture: scaled to fit the picture's width or
/// height, whichever is tighter, and centred, so the picture shows the whole canvas with white
/// bands above and below.
public struct CanvasFit: Sendable, Equatable {
    /// Picture pixels per canvas pixel.
    public let scale: Double
    /// Where the canvas's origin lands, in picture pixels.
    public let originX: Double
    public let originY: Double

    public init(canvasWidth: Int, canvasHeight: Int, pictureSize: Int) {
        let size = Double(pictureSize)
        scale = min(size / Double(max(canvasWidth, 1)), size / Double(max(canvasHeight, 1)))
        originX = (size - Double(canvasWidth) * scale) / 2
        originY = (size - Double(canvasHeight) * scale) / 2
    }

    /// The picture's columns and rows the canvas covers, wholly or in part.
    public func columns(canvasWidth: Int, pictureSize: Int) -> Range<Int> {
        span(from: originX, length: Double(canvasWidth) * scale, pictureSize: pictureSize)
    }

    public func rows(canvasHeight: Int, pictureSize: Int) -> Range<Int> {
        span(from: originY, length: Double(canvasHeight) * scale, pictureSize: pictureSize)
    }

    private func span(from start: Double, length: Double, pictureSize: Int) -> Range<Int> {
        let first = max(0, Int(start.rounded(.down)))
        let end = min(pictureSize, Int((start + length).rounded(.up)))
        return first..<max(first, end)
    }

    /// The picture pixel (column, row) under a canvas point.
    public func pixel(x: Int, y: Int) -> (column: Int, row: Int) {
        (Int((originX + (Double(x) + 0.5) * scale).rounded(.down)), Int((originY + (Double(y) + 0.5) * scale).rounded(.down)))
    }
}
