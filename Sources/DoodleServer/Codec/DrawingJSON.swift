import DoodleCore
import NIOCore

/// Writes stroke events (`strokeBegin`, `strokePoints`, `strokeEnd`) as JSON by hand: the same
/// fields and values `ServerMessage`'s `Codable` conformance writes, in a fixed order. Other
/// messages return nil and go through `JSONEncoder`.
enum DrawingJSON {
    static func encode(_ message: ServerMessage) -> ByteBuffer? {
        guard case .event(.drawing(let action, let playerId), let seq) = message else { return nil }
        var out = ByteBuffer()
        out.reserveCapacity(160)
        switch action {
        case .strokeBegin(let begin):
            out.writeStaticString(#"{"type":"strokeBegin""#)
            writeSeq(seq, to: &out)
            writeStrokeFields(begin, to: &out)
        case .strokePoints(let strokeId, let points):
            out.writeStaticString(#"{"type":"strokePoints""#)
            writeSeq(seq, to: &out)
            out.writeStaticString(#","strokeId":"#)
            out.writeString(String(strokeId))
            writePoints(points, to: &out)
        case .strokeEnd(let strokeId):
            out.writeStaticString(#"{"type":"strokeEnd""#)
            writeSeq(seq, to: &out)
            out.writeStaticString(#","strokeId":"#)
            out.writeString(String(strokeId))
        case .fill, .undo, .clear:
            return nil
        }
        out.writeStaticString(#","playerId":"#)
        writeString(playerId, to: &out)
        out.writeStaticString("}")
        return out
    }

    private static func writeSeq(_ seq: Int?, to out: inout ByteBuffer) {
        guard let seq else { return }
        out.writeStaticString(#","seq":"#)
        out.writeString(String(seq))
    }

    /// A stroke's fields after the object's first one: `strokeId`, `tool`, `color` (not for the
    /// eraser), `width` and `points`, as `DrawingAction.encodeFields` writes them. A live
    /// `strokeBegin` and a `roomState`'s stroke items share them.
    static func writeStrokeFields(_ stroke: StrokeBegin, to out: inout ByteBuffer) {
        out.writeStaticString(#","strokeId":"#)
        out.writeString(String(stroke.strokeId))
        out.writeStaticString(#","tool":"#)
        writeString(stroke.tool.rawValue, to: &out)
        if let color = stroke.color {
            out.writeStaticString(#","color":"#)
            writeString(color, to: &out)
        }
        out.writeStaticString(#","width":"#)
        out.writeString(String(stroke.width))
        writePoints(stroke.points, to: &out)
    }

    private static func writePoints(_ points: PointList, to out: inout ByteBuffer) {
        out.writeStaticString(#","points":["#)
        if let numbers = points.narrowNumbers {
            // Every point a room holds: digits written straight from the 16-bit numbers, with no
            // string made per number (a full canvas's roomState has 200,000 of them).
            for (index, value) in numbers.enumerated() {
                if index > 0 { out.writeInteger(UInt8(ascii: ",")) }
                writeDigits(of: value, to: &out)
            }
        } else {
            for (index, value) in points.enumerated() {
                if index > 0 { out.writeInteger(UInt8(ascii: ",")) }
                out.writeString(String(value))
            }
        }
        out.writeStaticString("]")
    }

    /// The decimal digits of `value`, as `String(value)` has them.
    static func writeDigits(of value: UInt16, to out: inout ByteBuffer) {
        var divisor: UInt16 = 10_000
        while divisor > 1 && value < divisor { divisor /= 10 }
        var rest = value
        while divisor > 0 {
            out.writeInteger(UInt8(ascii: "0") + UInt8(rest / divisor))
            rest %= divisor
            divisor /= 10
        }
    }

    /// A JSON string literal: quotes, backslashes and control characters escaped.
    static func writeString(_ string: String, to out: inout ByteBuffer) {
        out.writeInteger(UInt8(ascii: "\""))
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
