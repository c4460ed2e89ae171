import CZlib

/// Writes opaque RGB pixels as a PNG file: 8-bit RGB, one IDAT chunk compressed with zlib's
/// deflate, every row with the same filter.
///
/// Cairo's own writer uses libpng's defaults: deflate level 6 and a filter chosen per row by
/// trying all five. On a drawing (flat colours, antialiased edges) that costs more than drawing
/// it: about 60% of a 512 px render's CPU (docs/performance.md, "Pictures end to end"). No filter
/// and level 2 compress a drawing better (about a fifth smaller: deflate finds the repeated
/// pixels of flat colour itself) in a fraction of the work; `doodle-render-bench --png-sweep`
/// measures every setting.
public struct PNGEncoder: Sendable, Equatable {
    /// The PNG row filters this encoder can apply (PNG's filter types 0, 1 and 2).
    public enum Filter: UInt8, Sendable, CaseIterable {
        case none = 0
        case sub = 1
        case up = 2
    }

    /// How deflate looks for repeats: zlib's default, or runs only (`Z_RLE`, much faster).
    public enum Strategy: Sendable, CaseIterable {
        case standard
        case runs
    }

    /// zlib's level, 1 (fastest) to 9.
    public var level: Int
    public var filter: Filter
    public var strategy: Strategy

    public init(level: Int = 2, filter: Filter = .none, strategy: Strategy = .standard) {
        self.level = min(max(level, 1), 9)
        self.filter = filter
        self.strategy = strategy
    }

    /// The PNG of `height` rows of `width` pixels, 0xXXRRGGBB words (the top byte unused), rows
    /// `stride` words apart.
    func encode(_ words: UnsafeBufferPointer<UInt32>, width: Int, height: Int, stride: Int) throws(PictureError) -> [UInt8] {
        let rowBytes = 1 + 3 * width
        var raw = [UInt8](repeating: 0, count: rowBytes * height)
        raw.withUnsafeMutableBufferPointer { raw in
            for row in 0..<height {
                let line = raw.baseAddress! + row * rowBytes
                line[0] = filter.rawValue
                let pixels = words.baseAddress! + row * stride
                var out = line + 1
                for column in 0..<width {
                    let word = pixels[column]
                    out[0] = UInt8(truncatingIfNeeded: word >> 16)
                    out[1] = UInt8(truncatingIfNeeded: word >> 8)
                    out[2] = UInt8(truncatingIfNeeded: word)
                    out += 3
                }
            }
            // Filtered from the last row up, so each row still reads its unfiltered neighbours.
            for row in (0..<height).reversed() {
                let line = raw.baseAddress! + row * rowBytes + 1
                switch filter {
                case .none:
                    break
                case .sub:
                    var index = 3 * width - 1
                    while index >= 3 {
                        line[index] &-= line[index - 3]
                        index -= 1
                    }
                case .up:
                    guard row > 0 else { break }
                    let above = line - rowBytes
                    for index in 0..<(3 * width) { line[index] &-= above[index] }
                }
            }
        }
        var png: [UInt8] = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]
        var header: [UInt8] = []
        header.appendBigEndian(UInt32(width))
        header.appendBigEndian(UInt32(height))
        header += [8, 2, 0, 0, 0]  // 8 bits, RGB, deflate, adaptive filtering method, no interlace
        Self.appendChunk("IHDR", header, to: &png)
        Self.appendChunk("IDAT", try deflate(raw), to: &png)
        Self.appendChunk("IEND", [], to: &png)
        return png
    }

    private func deflate(_ input: [UInt8]) throws(PictureError) -> [UInt8] {
        var stream = z_stream()
        let status = deflateInit2_(
            &stream, Int32(level), Z_DEFLATED, 15, 8, strategy == .runs ? Z_RLE : Z_DEFAULT_STRATEGY, ZLIB_VERSION,
            Int32(MemoryLayout<z_stream>.size))
        guard status == Z_OK else { throw .zlib("deflateInit2 answered \(status)") }
        defer { deflateEnd(&stream) }
        var output = [UInt8](repeating: 0, count: Int(deflateBound(&stream, uLong(input.count))))
        var input = input
        let result = input.withUnsafeMutableBufferPointer { source in
            output.withUnsafeMutableBufferPointer { target in
                stream.next_in = source.baseAddress
                stream.avail_in = uInt(source.count)
                stream.next_out = target.baseAddress
                stream.avail_out = uInt(target.count)
                return CZlib.deflate(&stream, Z_FINISH)
            }
        }
        guard result == Z_STREAM_END else { throw .zlib("deflate answered \(result)") }
        output.removeLast(output.count - Int(stream.total_out))
        return output
    }

    private static func appendChunk(_ type: String, _ data: [UInt8], to png: inout [UInt8]) {
        png.appendBigEndian(UInt32(data.count))
        let typed = Array(type.utf8) + data
        png += typed
        let checksum = typed.withUnsafeBufferPointer { crc32(0, $0.baseAddress, uInt($0.count)) }
        png.appendBigEndian(UInt32(checksum))
    }
}

extension [UInt8] {
    fileprivate mutating func appendBigEndian(_ value: UInt32) {
        append(contentsOf: [UInt8(value >> 24), UInt8(value >> 16 & 0xff), UInt8(value >> 8 & 0xff), UInt8(value & 0xff)])
    }
}
