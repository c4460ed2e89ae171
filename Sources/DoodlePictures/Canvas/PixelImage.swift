import CCairo

/// An opaque picture as plain pixels, 0xRRGGBB row by row: a GIF's frame, an album's cell.
/// Copied out of Cairo so frames can be compared, combined and kept after their surface is gone.
struct PixelImage: Equatable {
    let width: Int
    let height: Int
    var pixels: [UInt32]

    init(width: Int, height: Int, color: UInt32 = 0xff_ffff) {
        self.width = width
        self.height = height
        pixels = [UInt32](repeating: color, count: width * height)
    }

    /// A copy of an `RGB24` Cairo image surface's pixels as they are now (white if it has none).
    init(surface: OpaquePointer, width: Int, height: Int) {
        self.init(width: width, height: height)
        cairo_surface_flush(surface)
        guard let data = cairo_image_surface_get_data(surface) else { return }
        let stride = Int(cairo_image_surface_get_stride(surface)) / 4
        let words = UnsafeRawPointer(data).bindMemory(to: UInt32.self, capacity: stride * height)
        pixels.withUnsafeMutableBufferPointer { pixels in
            for row in 0..<height {
                for column in 0..<width { pixels[row * width + column] = words[row * stride + column] & 0x00ff_ffff }
            }
        }
    }

    /// Copies `other` in with its top left corner at (`column`, `row`); what falls outside is cut.
    mutating func place(_ other: PixelImage, column: Int, row: Int) {
        let columns = max(0, column)..<min(width, column + other.width)
        guard !columns.isEmpty else { return }
        for sourceRow in 0..<other.height {
            let targetRow = row + sourceRow
            guard (0..<height).contains(targetRow) else { continue }
            let source = sourceRow * other.width + (columns.lowerBound - column)
            let target = targetRow * width + columns.lowerBound
            pixels.replaceSubrange(target..<target + columns.count, with: other.pixels[source..<source + columns.count])
        }
    }

    /// The picture as PNG.
    func png(encoder: PNGEncoder = PNGEncoder()) throws(PictureError) -> [UInt8] {
        try pixels.withUnsafeBufferPointer { (words) throws(PictureError) in
            try encoder.encode(words, width: width, height: height, stride: width)
        }
    }
}
