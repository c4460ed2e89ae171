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
            var scanner = StrictScanner(bytes: bytes)
            return scanner.clientStroke()
        }
    }
}

private struct StrictScanner {
    let bytes: UnsafeBufferPointer<UInt8>
    var index = 0

    mutating func clientStroke() -> ClientMessage? {
        var type: String?
        var strokeId: Int?
        var tool: String?
        var color: String?
        var width: Int?
        var points: [Int]?
        guard consume(UInt8(ascii: "{")) else { return nil }
        repeat {
            guard let key = string(), consume(UInt8(ascii: ":")) else { return nil }
            switch key {
            case "type" where type == nil: type = string()
            case "strokeId" where strokeId == nil: strokeId = integer()
            case "tool" where tool == nil: tool = string()
            case "color" where color == nil: color = string()
            case "width" where width == nil: width = integer()
            case "points" where points == nil: points = integers()
            default: return nil
            }
        } while consume(UInt8(ascii: ","))
        guard consume(UInt8(ascii: "}")) else { return nil }
        skipSpace()
        guard index == bytes.count, let type, let strokeId else { return nil }
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

    private mutating func skipSpace() {
        while index < bytes.count, bytes[index] == 0x20 || bytes[index] == 0x0A || bytes[index] == 0x0D || bytes[index] == 0x09 {
            index += 1
        }
    }

    private mutating func consume(_ byte: UInt8) -> Bool {
        skipSpace()
        guard index < bytes.count, bytes[index] == byte else { return false }
        index += 1
        return true
    }

    /// A string of printable ASCII without escapes.
    private mutating func string() -> String? {
        guard consume(UInt8(ascii: "\"")) else { return nil }
        let start = index
        while index < bytes.count, bytes[index] != UInt8(ascii: "\"") {
            guard bytes[index] >= 0x20, bytes[index] < 0x7F, bytes[index] != UInt8(ascii: "\\") else { return nil }
            index += 1
        }
        guard index < bytes.count else { return nil }
        defer { index += 1 }
        return String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<index]), as: UTF8.self)
    }

    /// A JSON integer of at most 15 digits (no overflow possible), no leading zeros.
    private mutating func integer() -> Int? {
        skipSpace()
        var negative = false
        if index < bytes.count, bytes[index] == UInt8(ascii: "-") {
            negative = true
            index += 1
        }
        let start = index
        var value = 0
        while index < bytes.count, bytes[index] >= UInt8(ascii: "0"), bytes[index] <= UInt8(ascii: "9") {
            value = value * 10 + Int(bytes[index] - UInt8(ascii: "0"))
            index += 1
            if index - start > 15 { return nil }
        }
        let digits = index - start
        guard digits > 0, !(digits > 1 && bytes[start] == UInt8(ascii: "0")) else { return nil }
        // A fraction or exponent: leave it to JSONDecoder.
        if index < bytes.count, bytes[index] == UInt8(ascii: ".") || bytes[index] == UInt8(ascii: "e") || bytes[index] == UInt8(ascii: "E") {
            return nil
        }
        return negative ? -value : value
    }

    private mutating func integers() -> [Int]? {
        guard consume(UInt8(ascii: "[")) else { return nil }
        var values: [Int] = []
        values.reserveCapacity(32)
        if consume(UInt8(ascii: "]")) { return values }
        repeat {
            guard let value = integer() else { return nil }
            values.append(value)
        } while consume(UInt8(ascii: ","))
        guard consume(UInt8(ascii: "]")) else { return nil }
        return values
    }
}
