import DoodleCore

/// The compact binary form of a drawing's stroke record (`[DrawingAction]` in arrival order), as
/// stored in `drawing.record`. `docs/storage.md` describes the format byte by byte.
///
/// Points are stored as zig-zag varint deltas from the previous number on the same axis, so a
/// typical hand-drawn point takes 2–3 bytes instead of the ~10 of its JSON. Encoding is total
/// (every `[DrawingAction]` round-trips exactly); decoding rejects anything malformed.
public enum StrokeCodec {
    /// The format version written in the first byte.
    public static let version: UInt8 = 1

    enum Kind: UInt8 {
        case strokeBegin = 0
        case strokePoints = 1
        case strokeEnd = 2
        case fill = 3
        case undo = 4
        case clear = 5
    }

    /// Bit 3 of a `strokeBegin` header: the eraser.
    static let eraserFlag: UInt8 = 0x08
    /// Bits 4–5 of a `strokeBegin` or `fill` header: how its colour is stored.
    enum ColorForm: UInt8 {
        case none = 0
        /// Three bytes r, g, b: the colour was lowercase `#rrggbb`, as DrawingBoard relays it.
        case rgb = 1
        /// A varint byte length and UTF-8: any other string (never produced by a valid drawing).
        case text = 2
    }

    /// Running state shared by encoder and decoder: numbers are stored relative to it.
    struct Cursor {
        var strokeId = 0
        var x = 0
        var y = 0
    }

    public static func encode(_ actions: [DrawingAction]) -> [UInt8] {
        var writer = ByteWriter(capacity: estimatedSize(of: actions))
        var cursor = Cursor()
        writer.byte(version)
        writer.unsigned(UInt64(actions.count))
        for action in actions {
            switch action {
            case .strokeBegin(let begin):
                let (form, payload) = colorForm(begin.color)
                writer.byte(Kind.strokeBegin.rawValue | (begin.tool == .eraser ? eraserFlag : 0) | form.rawValue << 4)
                writer.signed(begin.strokeId &- cursor.strokeId)
                cursor.strokeId = begin.strokeId
                writer.append(contentsOf: payload)
                writer.signed(begin.width)
                encodePoints(begin.points, into: &writer, cursor: &cursor)
            case .strokePoints(let strokeId, let points):
                writer.byte(Kind.strokePoints.rawValue)
                writer.signed(strokeId &- cursor.strokeId)
                cursor.strokeId = strokeId
                encodePoints(points, into: &writer, cursor: &cursor)
            case .strokeEnd(let strokeId):
                writer.byte(Kind.strokeEnd.rawValue)
                writer.signed(strokeId &- cursor.strokeId)
                cursor.strokeId = strokeId
            case .fill(let fill):
                let (form, payload) = colorForm(fill.color)
                writer.byte(Kind.fill.rawValue | form.rawValue << 4)
                writer.signed(fill.x)
                writer.signed(fill.y)
                writer.append(contentsOf: payload)
            case .undo:
                writer.byte(Kind.undo.rawValue)
            case .clear:
                writer.byte(Kind.clear.rawValue)
            }
        }
        return writer.bytes
    }

    public static func decode(_ bytes: [UInt8]) throws(StrokeCodecError) -> [DrawingAction] {
        var reader = ByteReader(bytes)
        let firstByte = try reader.byte()
        guard firstByte == version else { throw .unsupportedVersion(firstByte) }
        let count = try reader.count(minimumBytes: 1)
        var actions: [DrawingAction] = []
        actions.reserveCapacity(count)
        var cursor = Cursor()
        for _ in 0..<count {
            let headerOffset = reader.offset
            let header = try reader.byte()
            guard let kind = Kind(rawValue: header & 0x07) else { throw .unknownAction(tag: header, offset: headerOffset) }
            let flags = header & 0xf8
            switch kind {
            case .strokeBegin:
                guard flags & ~(eraserFlag | 0x30) == 0, let form = ColorForm(rawValue: (header >> 4) & 0x03) else {
                    throw .unknownAction(tag: header, offset: headerOffset)
                }
                cursor.strokeId = cursor.strokeId &+ (try reader.signed())
                let color = try decodeColor(form, from: &reader)
                let width = try reader.signed()
                let points = try decodePoints(from: &reader, cursor: &cursor)
                let tool: DrawingTool = header & eraserFlag != 0 ? .eraser : .pen
                actions.append(.strokeBegin(StrokeBegin(strokeId: cursor.strokeId, tool: tool, color: color, width: width, points: points)))
            case .strokePoints:
                guard flags == 0 else { throw .unknownAction(tag: header, offset: headerOffset) }
                cursor.strokeId = cursor.strokeId &+ (try reader.signed())
                actions.append(.strokePoints(strokeId: cursor.strokeId, points: try decodePoints(from: &reader, cursor: &cursor)))
            case .strokeEnd:
                guard flags == 0 else { throw .unknownAction(tag: header, offset: headerOffset) }
                cursor.strokeId = cursor.strokeId &+ (try reader.signed())
                actions.append(.strokeEnd(strokeId: cursor.strokeId))
            case .fill:
                guard flags & ~0x30 == 0, let form = ColorForm(rawValue: (header >> 4) & 0x03) else {
                    throw .unknownAction(tag: header, offset: headerOffset)
                }
                let x = try reader.signed()
                let y = try reader.signed()
                let colorOffset = reader.offset
                guard let color = try decodeColor(form, from: &reader) else { throw .invalidColor(offset: colorOffset) }
                actions.append(.fill(FillAction(x: x, y: y, color: color)))
            case .undo, .clear:
                guard flags == 0 else { throw .unknownAction(tag: header, offset: headerOffset) }
                actions.append(kind == .undo ? .undo : .clear)
            }
        }
        guard reader.remaining == 0 else { throw .trailingBytes(offset: reader.offset) }
        return actions
    }

    // MARK: - Points

    /// A count of numbers, then each number as the zig-zag delta from the previous number on
    /// its axis (even positions are x, odd are y), carried across the whole record.
    private static func encodePoints(_ points: PointList, into writer: inout ByteWriter, cursor: inout Cursor) {
        writer.unsigned(UInt64(points.count))
        for (index, value) in points.enumerated() {
            if index & 1 == 0 {
                writer.signed(value &- cursor.x)
                cursor.x = value
            } else {
                writer.signed(value &- cursor.y)
                cursor.y = value
            }
        }
    }

    private static func decodePoints(from reader: inout ByteReader, cursor: inout Cursor) throws(StrokeCodecError) -> PointList {
        let count = try reader.count(minimumBytes: 1)
        var points = PointList()
        points.reserveCapacity(count)
        for index in 0..<count {
            let delta = try reader.signed()
            if index & 1 == 0 {
                cursor.x = cursor.x &+ delta
                points.append(cursor.x)
            } else {
                cursor.y = cursor.y &+ delta
                points.append(cursor.y)
            }
        }
        return points
    }

    // MARK: - Colours

    private static func colorForm(_ color: String?) -> (ColorForm, [UInt8]) {
        guard let color else { return (.none, []) }
        if let rgb = RGBColor(lowercaseHex: color) { return (.rgb, [rgb.red, rgb.green, rgb.blue]) }
        var text = ByteWriter(capacity: color.utf8.count + 2)
        text.unsigned(UInt64(color.utf8.count))
        text.append(contentsOf: color.utf8)
        return (.text, text.bytes)
    }

    private static func decodeColor(_ form: ColorForm, from reader: inout ByteReader) throws(StrokeCodecError) -> String? {
        switch form {
        case .none:
            return nil
        case .rgb:
            let bytes = try reader.bytes(3)
            return RGBColor(red: bytes[bytes.startIndex], green: bytes[bytes.startIndex + 1], blue: bytes[bytes.startIndex + 2]).hex
        case .text:
            let length = try reader.count(minimumBytes: 1)
            let offset = reader.offset
            guard let text = String(validating: try reader.bytes(length), as: UTF8.self) else { throw .invalidColor(offset: offset) }
            return text
        }
    }

    /// A little over the usual size (header, ~3 bytes per point, a few per action), so encoding
    /// a typical drawing allocates once.
    private static func estimatedSize(of actions: [DrawingAction]) -> Int {
        var numbers = 0
        for action in actions {
            switch action {
            case .strokeBegin(let begin): numbers += begin.points.count
            case .strokePoints(_, let points): numbers += points.count
            case .strokeEnd, .fill, .undo, .clear: break
            }
        }
        return 16 + actions.count * 8 + numbers * 2
    }
}
