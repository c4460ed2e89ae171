import DoodleCore

extension DrawingJSON {
    /// Reads a client's stroke message (`strokeBegin`, `strokePoints`, `strokeEnd`) without
    /// `JSONDecoder`, which was a tenth of the server's time under drawing load.
    ///
    /// Only the plainest form is accepted: one object, known keys each once, integers without
    /// fraction, exponent or leading zeros, strings without escapes. Anything else returns nil
    /// and the caller decodes with `JSONDecoder`, so errors and edge cases behave exactly as
    /// before; for what it accepts, the result is what `JSONDecoder` would give.
    static func decodeClientStroke(_ text: String) -> ClientMessage? {
        var text = text
        return text.withUTF8 { bytes in
            var scanner = FlatJSONScanner(bytes: bytes)
            return scanner.clientStroke()
        }
    }
}

extension FlatJSONScanner {
    mutating func clientStroke() -> ClientMessage? {
        var type: String?
        var strokeId: Int?
        var tool: String?
        var color: String?
        var width: Int?
        var points: PointList?
        guard consume(UInt8(ascii: "{")) else { return nil }
        repeat {
            guard let key = string(), consume(UInt8(ascii: ":")) else { return nil }
            // A value that does not read ends the reading: the scanner stopped inside it, and
            // carrying on from there accepted invalid JSON (docs/fuzzing.md).
            switch key {
            case "type" where type == nil:
                guard let value = string() else { return nil }
                type = value
            case "strokeId" where strokeId == nil:
                guard let value = integer() else { return nil }
                strokeId = value
            case "tool" where tool == nil:
                guard let value = string() else { return nil }
                tool = value
            case "color" where color == nil:
                guard let value = string() else { return nil }
                color = value
            case "width" where width == nil:
                guard let value = integer() else { return nil }
                width = value
            case "points" where points == nil:
                var values = PointList()
                values.reserveCapacity(32)
                guard integers({ values.append($0) }) else { return nil }
                points = values
            default: return nil
            }
        } while consume(UInt8(ascii: ","))
        guard consume(UInt8(ascii: "}")), isAtEnd(), let type, let strokeId else { return nil }
        switch type {
        case "strokeEnd":
            guard tool == nil, color == nil, width == nil, points == nil else { return nil }
            return .draw(.strokeEnd(strokeId: strokeId))
        case "strokePoints":
            guard tool == nil, color == nil, width == nil, let points else { return nil }
            return .draw(.strokePoints(strokeId: strokeId, points: points))
        case "strokeBegin":
            guard let tool = tool.flatMap(DrawingTool.init(rawValue:)), let width, let points else { return nil }
            if tool == .pen && color == nil { return nil }
            return .draw(.strokeBegin(StrokeBegin(strokeId: strokeId, tool: tool, color: tool == .eraser ? nil : color, width: width, points: points)))
        default:
            return nil
        }
    }
}
