import CCairo
import DoodleCore
import DoodlePictures
import Testing

/// A picture's pixels, read back from PNG bytes with Cairo's own decoder (so a test checks what
/// a client receives) or from a surface a test drew itself.
struct Picture {
    let size: Int
    /// 0xRRGGBB, row by row.
    let pixels: [UInt32]
    let fit: CanvasFit

    init(png: [UInt8], canvasWidth: Int = 1600, canvasHeight: Int = 1200) throws {
        let decoded = try Self.decode(png: png)
        try #require(decoded.width == decoded.height, "a picture is square, this one is \(decoded.width)×\(decoded.height)")
        self.init(size: decoded.width, pixels: decoded.pixels, canvasWidth: canvasWidth, canvasHeight: canvasHeight)
    }

    init(size: Int, pixels: [UInt32], canvasWidth: Int = 1600, canvasHeight: Int = 1200) {
        self.size = size
        self.pixels = pixels
        fit = CanvasFit(canvasWidth: canvasWidth, canvasHeight: canvasHeight, pictureSize: size)
    }

    init(surface: OpaquePointer, canvasWidth: Int = 1600, canvasHeight: Int = 1200) throws {
        let read = Self.read(surface: surface)
        try #require(read.width == read.height, "a picture is square, this one is \(read.width)×\(read.height)")
        self.init(size: read.width, pixels: read.pixels, canvasWidth: canvasWidth, canvasHeight: canvasHeight)
    }

    /// Any PNG's pixels (0xRRGGBB, row by row), by Cairo's own decoder.
    static func decode(png: [UInt8]) throws -> (width: Int, height: Int, pixels: [UInt32]) {
        var input = PNGInput(bytes: png)
        let surface = try #require(
            withUnsafeMutablePointer(to: &input) { pointer in
                cairo_image_surface_create_from_png_stream({ closure, data, length in
                    guard let closure, let data else { return CAIRO_STATUS_READ_ERROR }
                    return closure.assumingMemoryBound(to: PNGInput.self).pointee.read(into: data, count: Int(length))
                }, pointer)
            })
        defer { cairo_surface_destroy(surface) }
        try #require(cairo_surface_status(surface) == CAIRO_STATUS_SUCCESS, "the PNG does not decode")
        return read(surface: surface)
    }

    private static func read(surface: OpaquePointer) -> (width: Int, height: Int, pixels: [UInt32]) {
        cairo_surface_flush(surface)
        let width = Int(cairo_image_surface_get_width(surface))
        let height = Int(cairo_image_surface_get_height(surface))
        let stride = Int(cairo_image_surface_get_stride(surface)) / 4
        guard let data = cairo_image_surface_get_data(surface) else { return (width, height, []) }
        let words = UnsafeRawPointer(data).bindMemory(to: UInt32.self, capacity: stride * height)
        var pixels: [UInt32] = []
        pixels.reserveCapacity(width * height)
        for row in 0..<height {
            for column in 0..<width { pixels.append(words[row * stride + column] & 0x00ff_ffff) }
        }
        return (width, height, pixels)
    }

    func color(column: Int, row: Int) -> RGBColor {
        let word = pixels[row * size + column]
        return RGBColor(red: UInt8(word >> 16 & 0xff), green: UInt8(word >> 8 & 0xff), blue: UInt8(word & 0xff))
    }

    /// The colour of the picture pixel under canvas point (x, y).
    func color(canvasX x: Int, y: Int) -> RGBColor {
        let pixel = fit.pixel(x: x, y: y)
        return color(column: pixel.column, row: pixel.row)
    }

    /// How far two colours are apart: the sum of the channel distances (0…765).
    static func distance(_ a: RGBColor, _ b: RGBColor) -> Int {
        abs(Int(a.red) - Int(b.red)) + abs(Int(a.green) - Int(b.green)) + abs(Int(a.blue) - Int(b.blue))
    }
}

/// PNG bytes fed to Cairo's stream reader a piece at a time.
private struct PNGInput {
    let bytes: [UInt8]
    var offset = 0

    mutating func read(into destination: UnsafeMutablePointer<UInt8>, count: Int) -> cairo_status_t {
        guard offset + count <= bytes.count else { return CAIRO_STATUS_READ_ERROR }
        bytes.withUnsafeBufferPointer { source in
            destination.update(from: source.baseAddress! + offset, count: count)
        }
        offset += count
        return CAIRO_STATUS_SUCCESS
    }
}
