import DoodleCore
import NIOCore

/// Writes stroke events (`strokeBegin`, `strokePoints`, `strokeEnd`) as JSON by hand: the same
/// fields and values `ServerMessage`'s `Codable` conformance writes, in a fixed order. Other
/// messages return nil and go through `JSONEncoder`.
enum DrawingJSON {
    /// The stroke event's JSON appended to `out` (after a frame header's room, for one); false,
    /// with nothing written, for other messages.
    static func write(_ message: ServerMessage, to out: inout ByteBuffer) -> Bool {
        guard case .event(.drawing(let action, let playerId), let seq) = message else { return false }
        switch action {
        case .strokeBegin(let begin):
            out.writeStaticString(#"{"type":"strokeBegin""#)
            writeSeq(seq, to: &out)
            writeStrokeFields(begin, to: &out)
        case .strokePoints(let strokeId, let points):
            out.writeStaticString(#"{"type":"strokePoints""#)
            writeSeq(seq, to: &out)
            out.writeStaticString(#","strokeId":"#)
            writeNumber(strokeId, to: &out)
            writePoints(points, to: &out)
        case .strokeEnd(let strokeId):
            out.writeStaticString(#"{"type":"strokeEnd""#)
            writeSeq(seq, to: &out)
            out.writeStaticString(#","strokeId":"#)
            writeNumber(strokeId, to: &out)
        case .fill, .undo, .clear:
            return false
        }
        out.writeStaticString(#","playerId":"#)
        writeString(playerId, to: &out)
        out.writeStaticString("}")
        return true
    }

    private static func writeSeq(_ seq: Int?, to out: inout ByteBuffer) {
        guard let seq else { return }
        out.writeStaticString(#","seq":"#)
        writeNumber(seq, to: &out)
    }

    /// A stroke's fields after the object's first one: `strokeId`, `tool`, `color` (not for the
    /// eraser), `width` and `points`, as `DrawingAction.encodeFields` writes them. A live
    /// `strokeBegin` and a `roomState`'s stroke items share them.
    static func writeStrokeFields(_ stroke: StrokeBegin, to out: inout ByteBuffer) {
        out.writeStaticString(#","strokeId":"#)
        writeNumber(stroke.strokeId, to: &out)
        out.writeStaticString(#","tool":"#)
        writeString(stroke.tool.rawValue, to: &out)
        if let color = stroke.color {
            out.writeStaticString(#","color":"#)
            writeString(color, to: &out)
        }
        out.writeStaticString(#","width":"#)
        writeNumber(stroke.width, to: &out)
        writePoints(stroke.points, to: &out)
    }

    private static func writePoints(_ points: PointList, to out: inout ByteBuffer) {
        out.writeStaticString(#","points":["#)
        if let numbers = points.narrowNumbers {
            // Every point a room holds: digits written straight from the 16-bit numbers into the
            // buffer's memory, with no string made per number (a full canvas's roomState has
            // 200,000 of them) and one capacity check for the lot, not one per byte.
            out.writeWithUnsafeMutableBytes(minimumWritableBytes: numbers.count * Self.narrowNumberBytes) { memory in
                var end = 0
                for (index, value) in numbers.enumerated() {
                    if index > 0 {
                        memory[end] = UInt8(ascii: ",")
                        end += 1
                    }
                    end += putDigits(of: value, into: memory, at: end)
                }
                return end
            }
        } else {
            for (index, value) in points.enumerated() {
                if index > 0 { out.writeInteger(UInt8(ascii: ",")) }
                writeNumber(value, to: &out)
            }
        }
        out.writeStaticString("]")
    }

    /// The most a 16-bit number takes in a list: five digits and a comma.
    private static let narrowNumberBytes = 6

    /// `value` as `String(value)` writes it: digits put straight into the buffer when it is not
    /// negative (ids, sequence numbers, widths, coordinates), a string otherwise.
    static func writeNumber(_ value: Int, to out: inout ByteBuffer) {
        guard value >= 0 else {
            out.writeString(String(value))
            return
        }
        out.writeWithUnsafeMutableBytes(minimumWritableBytes: 20) { memory in
            var digits = 1
            var rest = value / 10
            while rest > 0 {
                digits += 1
                rest /= 10
            }
            rest = value
            for position in stride(from: digits - 1, through: 0, by: -1) {
                memory[position] = UInt8(ascii: "0") + UInt8(rest % 10)
                rest /= 10
            }
            return digits
        }
    }

    /// Puts the decimal digits of `value`, as `String(value)` has them, into `memory` from
    /// `start`; returns how many (1–5).
    private static func putDigits(of value: UInt16, into memory: UnsafeMutableRawBufferPointer, at start: Int) -> Int {
        var divisor: UInt16 = 10_000
        while divisor > 1 && value < divisor { divisor /= 10 }
        var rest = value
        var end = start
        while divisor > 0 {
            memory[end] = UInt8(ascii: "0") + UInt8(rest / divisor)
            end += 1
            rest %= divisor
            divisor /= 10
        }
        return end - start
    }

    /// A JSON string literal: quotes, backslashes and control characters escaped.
    static func writeString(_ string: String, to out: inout ByteBuffer) {
        out.writeInteger(UInt8(ascii: "\""))
        // Ids, tools and colours need no escapes: written whole, not byte by byte.
        if !string.utf8.contains(where: { $0 < 0x20 || $0 == UInt8(ascii: "\"") || $0 == UInt8(ascii: "\\") }) {
            out.writeString(string)
            out.writeInteger(UInt8(ascii: "\""))
            return
        }
        for byte in string.utf8 {
            switch byte {
            case UInt8(ascii: "\""): out.writeStaticString(#"\""#)
            case UInt8(ascii: "\\"): out.writeStaticString(#"\\"#)
            case 0x0A: out.writeStaticString(#"\n"#)
            case 0x0D: out.writeStaticString(#"\r"#)
            case 0x09: out.writeStaticString(#"\t"#)
            case 0..<0x20:
                let hex = Array("0123456789abcdef".utf8)
                out.writeStaticString(#"\u00"#)
                out.writeInteger(hex[Int(byte >> 4)])
                out.writeInteger(hex[Int(byte & 0xF)])
            default:
                out.writeInteger(byte)
            }
        }
        out.writeInteger(UInt8(ascii: "\""))
    }
}
