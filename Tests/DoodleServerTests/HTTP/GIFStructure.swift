import Foundation

/// A GIF's structure read block by block, without decoding a pixel: its screen's size, and
/// each frame's delay and rectangle. Enough for a route's test to count a replay's frames and
/// find an album's drawings (the frames held 2 s); the pixels are checked in DoodleStorageTests.
struct GIFStructure {
    struct Frame: Equatable {
        var delay: Int
        var left: Int, top: Int, width: Int, height: Int
    }

    let width: Int
    let height: Int
    let frames: [Frame]
    let loopsForever: Bool

    init?(_ data: Data) {
        let bytes = [UInt8](data)
        guard bytes.count > 13, bytes.prefix(6).elementsEqual("GIF89a".utf8) else { return nil }
        func word(_ at: Int) -> Int { Int(bytes[at]) | Int(bytes[at + 1]) << 8 }
        width = word(6)
        height = word(8)
        var offset = 13
        if bytes[10] & 0x80 != 0 { offset += 3 << (Int(bytes[10] & 0x07) + 1) }
        var frames: [Frame] = []
        var delay = 0
        var loopsForever = false
        /// Skips data sub-blocks, giving their bytes joined.
        func subBlocks() -> [UInt8]? {
            var joined: [UInt8] = []
            while offset < bytes.count {
                let length = Int(bytes[offset])
                offset += 1
                if length == 0 { return joined }
                guard offset + length <= bytes.count else { return nil }
                joined += bytes[offset..<(offset + length)]
                offset += length
            }
            return nil
        }
        while offset < bytes.count {
            let introducer = bytes[offset]
            offset += 1
            switch introducer {
            case 0x21:
                guard offset < bytes.count else { return nil }
                let label = bytes[offset]
                offset += 1
                guard let body = subBlocks() else { return nil }
                if label == 0xf9, body.count >= 3 { delay = Int(body[1]) | Int(body[2]) << 8 }
                if label == 0xff, body.starts(with: "NETSCAPE2.0".utf8), body.count >= 14 {
                    loopsForever = body[12] == 0 && body[13] == 0
                }
            case 0x2c:
                guard offset + 9 <= bytes.count else { return nil }
                let frame = Frame(delay: delay, left: word(offset), top: word(offset + 2), width: word(offset + 4), height: word(offset + 6))
                let packed = bytes[offset + 8]
                offset += 9
                if packed & 0x80 != 0 { offset += 3 << (Int(packed & 0x07) + 1) }
                offset += 1  // the LZW minimum code size
                guard subBlocks() != nil else { return nil }
                frames.append(frame)
                delay = 0
            case 0x3b:
                self.frames = frames
                self.loopsForever = loopsForever
                return
            default:
                return nil
            }
        }
        return nil
    }

    /// The frames that hold a finished drawing (2 s).
    var heldFrames: Int { frames.count { $0.delay == 200 } }
}
