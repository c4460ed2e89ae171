import CGif

/// Writes an animated GIF89a with giflib, a frame at a time, into memory: one global palette, a
/// loop forever (the NETSCAPE2.0 extension), and each frame as only the rectangle that changed
/// since the one before, left in place for the next (disposal "do not dispose"). A frame that
/// changes nothing adds its time to the frame before instead of becoming one.
///
/// giflib writes the file's structure and its LZW compression; what is drawn, the palette and
/// which rectangle changed are decided here. One writer serves one render on one thread.
final class GIFWriter {
    let width: Int
    let height: Int
    private var palette: GIFPalette
    private let output = GIFOutput()
    private var file: UnsafeMutablePointer<GifFileType>?
    /// What the frames so far leave on screen.
    private var shown: [UInt32]?
    /// The last frame's changed rectangle, written once its time is known.
    private var pending: PendingFrame?

    private struct PendingFrame {
        var left: Int
        var top: Int
        var width: Int
        var height: Int
        var indices: [UInt8]
        var delay: Int
    }

    init(width: Int, height: Int, palette: GIFPalette) throws(PictureError) {
        self.width = width
        self.height = height
        self.palette = palette
        var error: Int32 = 0
        guard let file = EGifOpen(Unmanaged.passUnretained(output).toOpaque(), { file, data, length in
            guard let file, let data, let user = file.pointee.UserData else { return 0 }
            Unmanaged<GIFOutput>.fromOpaque(user).takeUnretainedValue().bytes
                .append(contentsOf: UnsafeBufferPointer(start: data, count: Int(length)))
            return length
        }, &error) else { throw .gif(Self.message(error)) }
        self.file = file
        EGifSetGifVersion(file, true)
        try writeScreen(file)
        try writeLoopForever(file)
    }

    deinit {
        if let file { EGifCloseFile(file, nil) }
    }

    /// Adds a frame of the writer's size, shown for `delay` hundredths of a second.
    func add(_ frame: PixelImage, delay: Int) throws(PictureError) {
        precondition(frame.width == width && frame.height == height, "a frame is \(width)×\(height)")
        guard let changed = changedRectangle(frame) else {
            pending?.delay += delay
            return
        }
        try flush()
        var indices = [UInt8](repeating: 0, count: changed.columns.count * changed.rows.count)
        var index = 0
        // Runs of one colour are the rule: look a colour up once per run.
        var lastColor = frame.pixels[changed.rows.lowerBound * width + changed.columns.lowerBound]
        var lastIndex = palette.index(of: lastColor)
        for row in changed.rows {
            for column in changed.columns {
                let color = frame.pixels[row * width + column]
                if color != lastColor { (lastColor, lastIndex) = (color, palette.index(of: color)) }
                indices[index] = lastIndex
                index += 1
            }
        }
        pending = PendingFrame(
            left: changed.columns.lowerBound, top: changed.rows.lowerBound, width: changed.columns.count,
            height: changed.rows.count, indices: indices, delay: delay)
        shown = frame.pixels
    }

    /// Writes the last frame and the file's end, and gives the whole GIF.
    func finish() throws(PictureError) -> [UInt8] {
        if shown == nil { try add(PixelImage(width: width, height: height), delay: 0) }
        try flush()
        guard let file else { return output.bytes }
        self.file = nil
        var error: Int32 = 0
        guard EGifCloseFile(file, &error) == GIF_OK else { throw .gif(Self.message(error)) }
        return output.bytes
    }

    // MARK: - Private

    /// Where `frame` differs from what is shown: all of it for the first frame, nil if nowhere.
    private func changedRectangle(_ frame: PixelImage) -> (columns: Range<Int>, rows: Range<Int>)? {
        guard let shown else { return (0..<width, 0..<height) }
        var (left, right, top, bottom) = (width, -1, height, -1)
        frame.pixels.withUnsafeBufferPointer { new in
            shown.withUnsafeBufferPointer { old in
                for row in 0..<height {
                    let start = row * width
                    var first = -1, last = -1
                    for column in 0..<width where new[start + column] != old[start + column] {
                        if first < 0 { first = column }
                        last = column
                    }
                    guard first >= 0 else { continue }
                    (left, right) = (min(left, first), max(right, last))
                    (top, bottom) = (min(top, row), row)
                }
            }
        }
        guard right >= 0 else { return nil }
        return (left..<right + 1, top..<bottom + 1)
    }

    private func flush() throws(PictureError) {
        guard let frame = pending, let file else { return }
        pending = nil
        var control = GraphicsControlBlock(
            DisposalMode: DISPOSE_DO_NOT, UserInputFlag: false, DelayTime: Int32(min(frame.delay, 0xffff)),
            TransparentColor: NO_TRANSPARENT_COLOR)
        var extensionBytes = [GifByteType](repeating: 0, count: 4)
        let length = EGifGCBToExtension(&control, &extensionBytes)
        try check(EGifPutExtension(file, GRAPHICS_EXT_FUNC_CODE, Int32(length), extensionBytes), file)
        try check(
            EGifPutImageDesc(file, Int32(frame.left), Int32(frame.top), Int32(frame.width), Int32(frame.height), false, nil), file)
        var indices = frame.indices
        try indices.withUnsafeMutableBufferPointer { (lines) throws(PictureError) in
            for row in 0..<frame.height {
                try check(EGifPutLine(file, lines.baseAddress! + row * frame.width, Int32(frame.width)), file)
            }
        }
    }

    private func writeScreen(_ file: UnsafeMutablePointer<GifFileType>) throws(PictureError) {
        // A GIF colour table holds a power of two entries; the spare ones repeat the first.
        var entries = 2
        while entries < palette.colors.count { entries *= 2 }
        let colors = (0..<entries).map { index in
            let color = palette.colors[index < palette.colors.count ? index : 0]
            return GifColorType(Red: UInt8(color >> 16 & 0xff), Green: UInt8(color >> 8 & 0xff), Blue: UInt8(color & 0xff))
        }
        guard let map = GifMakeMapObject(Int32(entries), colors) else { throw .gif("no colour map of \(entries) entries") }
        defer { GifFreeMapObject(map) }
        try check(EGifPutScreenDesc(file, Int32(width), Int32(height), 8, 0, map), file)
    }

    /// The NETSCAPE2.0 application extension with a loop count of 0: play forever.
    private func writeLoopForever(_ file: UnsafeMutablePointer<GifFileType>) throws(PictureError) {
        try check(EGifPutExtensionLeader(file, APPLICATION_EXT_FUNC_CODE), file)
        try check(EGifPutExtensionBlock(file, 11, Array("NETSCAPE2.0".utf8)), file)
        try check(EGifPutExtensionBlock(file, 3, [1, 0, 0] as [GifByteType]), file)
        try check(EGifPutExtensionTrailer(file), file)
    }

    private func check(_ status: Int32, _ file: UnsafeMutablePointer<GifFileType>) throws(PictureError) {
        guard status != GIF_OK else { return }
        throw .gif(Self.message(file.pointee.Error))
    }

    private static func message(_ code: Int32) -> String {
        GifErrorString(code).map { String(cString: $0) } ?? "giflib error \(code)"
    }
}

/// Where giflib's output function puts the bytes.
private final class GIFOutput {
    var bytes: [UInt8] = []
}
