import DoodleCore
import Foundation
import NIOCore

extension DrawingJSON {
    /// A `roomState` whose canvas is large, encoded as `JSONEncoder` would encode it, but with the
    /// strokes written by hand: a full canvas (100,000 points) took `JSONEncoder` about 50 ms, on
    /// the room's event loop, for every player who joined or asked for a `sync`.
    ///
    /// Everything but the strokes still goes through `encoder`, with the strokes left empty; the
    /// hand-written array then takes the place of `"strokes":[]`. That text can only be the key:
    /// inside a JSON string every `"` is escaped, so the quote before `strokes` could not be
    /// there unescaped. Nil for other messages and for canvases small enough not to matter.
    static func encodeSnapshot(_ message: ServerMessage, encoder: JSONEncoder) -> ByteBuffer? {
        guard case .roomState(var snapshot) = message, snapshot.strokes.count > 0 else { return nil }
        let strokes = snapshot.strokes
        snapshot.strokes = []
        guard let head = try? encoder.encode(ServerMessage.roomState(snapshot)) else { return nil }
        let marker = Array(#""strokes":[]"#.utf8)
        guard let range = head.lastRange(of: marker) else { return nil }
        var out = ByteBuffer()
        out.reserveCapacity(head.count + strokes.count * 64)
        out.writeBytes(head[..<range.lowerBound])
        out.writeStaticString(#""strokes":["#)
        for (index, item) in strokes.enumerated() {
            if index > 0 { out.writeInteger(UInt8(ascii: ",")) }
            writeItem(item, to: &out)
        }
        out.writeStaticString("]")
        out.writeBytes(head[range.upperBound...])
        return out
    }

    private static func writeItem(_ item: CanvasItem, to out: inout ByteBuffer) {
        switch item {
        case .stroke(let stroke):
            out.writeStaticString(#"{"kind":"stroke""#)
            writeStrokeFields(stroke, to: &out)
            out.writeStaticString("}")
        case .fill(let fill):
            out.writeStaticString(#"{"kind":"fill","x":"#)
            writeNumber(fill.x, to: &out)
            out.writeStaticString(#","y":"#)
            writeNumber(fill.y, to: &out)
            out.writeStaticString(#","color":"#)
            writeString(fill.color, to: &out)
            out.writeStaticString("}")
        }
    }
}
