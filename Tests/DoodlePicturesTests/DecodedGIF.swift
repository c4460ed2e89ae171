import CGif
import Testing

/// A GIF read back with giflib's decoder, each frame composed onto what the frames before it
/// left (the encoder only uses "do not dispose"), so a test sees what a viewer shows.
struct DecodedGIF {
    struct Frame {
        /// 0xRRGGBB, row by row, the whole screen.
        var pixels: [UInt32]
        /// Hundredths of a second.
        var delay: Int
        /// The rectangle this frame wrote.
        var left: Int, top: Int, width: Int, height: Int
    }

    let width: Int
    let height: Int
    let version: String
    let frames: [Frame]
    /// The NETSCAPE2.0 loop count (0: forever); nil if the GIF has none.
    let loopCount: Int?
    let paletteSize: Int

    init(_ bytes: [UInt8]) throws {
        version = String(decoding: bytes.prefix(6), as: UTF8.self)
        var input = GIFInput(bytes: bytes)
        var error: Int32 = 0
        let file = try #require(
            withUnsafeMutablePointer(to: &input) { pointer in
                DGifOpen(pointer, { file, buffer, length in
                    guard let file, let buffer, let user = file.pointee.UserData else { return 0 }
                    return user.assumingMemoryBound(to: GIFInput.self).pointee.read(into: buffer, count: Int(length))
                }, &error)
            }, "DGifOpen failed: \(error)")
        defer { DGifCloseFile(file, nil) }
        // The input lives on this stack frame only during DGifOpen: read it all now.
        try withUnsafeMutablePointer(to: &input) { pointer in
            file.pointee.UserData = UnsafeMutableRawPointer(pointer)
            try #require(DGifSlurp(file) == GIF_OK, "DGifSlurp failed: \(file.pointee.Error)")
        }
        width = Int(file.pointee.SWidth)
        height = Int(file.pointee.SHeight)
        let globalMap = try #require(file.pointee.SColorMap, "no global colour table")
        paletteSize = Int(globalMap.pointee.ColorCount)
        var screen = [UInt32](repeating: 0xff_ffff, count: width * height)
        var frames: [Frame] = []
        var loopCount: Int?
        for index in 0..<Int(file.pointee.ImageCount) {
            let image = file.pointee.SavedImages[index]
            let blocks = (0..<Int(image.ExtensionBlockCount)).map { image.ExtensionBlocks[$0] }
            for (position, block) in blocks.enumerated() where block.Function == APPLICATION_EXT_FUNC_CODE {
                let name = String(decoding: UnsafeBufferPointer(start: block.Bytes, count: Int(block.ByteCount)), as: UTF8.self)
                if name == "NETSCAPE2.0", position + 1 < blocks.count, blocks[position + 1].ByteCount == 3 {
                    let data = blocks[position + 1].Bytes!
                    loopCount = Int(data[1]) | Int(data[2]) << 8
                }
            }
            var control = GraphicsControlBlock()
            try #require(DGifSavedExtensionToGCB(file, Int32(index), &control) == GIF_OK)
            let map = image.ImageDesc.ColorMap ?? globalMap
            let (left, top) = (Int(image.ImageDesc.Left), Int(image.ImageDesc.Top))
            let (frameWidth, frameHeight) = (Int(image.ImageDesc.Width), Int(image.ImageDesc.Height))
            for row in 0..<frameHeight {
                for column in 0..<frameWidth {
                    let entry = Int(image.RasterBits[row * frameWidth + column])
                    let color = map.pointee.Colors[entry]
                    screen[(top + row) * width + left + column] =
                        UInt32(color.Red) << 16 | UInt32(color.Green) << 8 | UInt32(color.Blue)
                }
            }
            frames.append(
                Frame(pixels: screen, delay: Int(control.DelayTime), left: left, top: top, width: frameWidth, height: frameHeight))
        }
        self.frames = frames
        self.loopCount = loopCount
    }

    /// A square part of a frame, as a `Picture`, to compare with a PNG.
    func picture(frame: Int, column: Int = 0, row: Int = 0, size: Int) throws -> Picture {
        var pixels: [UInt32] = []
        pixels.reserveCapacity(size * size)
        for y in row..<(row + size) {
            for x in column..<(column + size) { pixels.append(frames[frame].pixels[y * width + x]) }
        }
        return Picture(size: size, pixels: pixels)
    }
}

/// GIF bytes fed to giflib's reader a piece at a time.
private struct GIFInput {
    let bytes: [UInt8]
    var offset = 0

    mutating func read(into destination: UnsafeMutablePointer<GifByteType>, count: Int) -> Int32 {
        let available = min(count, bytes.count - offset)
        guard available > 0 else { return 0 }
        bytes.withUnsafeBufferPointer { source in
            destination.update(from: source.baseAddress! + offset, count: available)
        }
        offset += available
        return Int32(available)
    }
}
