import DoodleCore

/// Turns fuzzer bytes into drawing actions, reaching what real drawings never hold as easily as
/// what they do: extreme integers, non-hex and non-ASCII colours, erasers with colours.
/// Running out of bytes reads zeros, so every input gives some actions.
struct ActionRecipe {
    private let bytes: [UInt8]
    private var offset = 0

    init(_ bytes: [UInt8]) {
        self.bytes = bytes
    }

    mutating func actions() -> [DrawingAction] {
        var actions: [DrawingAction] = []
        while offset < bytes.count {
            switch byte() % 6 {
            case 0:
                let tool: DrawingTool = byte() & 1 == 0 ? .pen : .eraser
                actions.append(.strokeBegin(StrokeBegin(strokeId: integer(), tool: tool, color: color(), width: integer(), points: points())))
            case 1: actions.append(.strokePoints(strokeId: integer(), points: points()))
            case 2: actions.append(.strokeEnd(strokeId: integer()))
            case 3: actions.append(.fill(FillAction(x: integer(), y: integer(), color: color() ?? "")))
            case 4: actions.append(.undo)
            default: actions.append(.clear)
            }
        }
        return actions
    }

    private mutating func byte() -> UInt8 {
        guard offset < bytes.count else { return 0 }
        defer { offset += 1 }
        return bytes[offset]
    }

    /// Mostly canvas-sized numbers, sometimes the edges of `Int`, sometimes any 64 bits.
    private mutating func integer() -> Int {
        switch byte() % 8 {
        case 0: return Int.min
        case 1: return Int.max
        case 2: return Int(Int8(bitPattern: byte()))
        case 3:
            var value: UInt64 = 0
            for _ in 0..<8 { value = value << 8 | UInt64(byte()) }
            return Int(truncatingIfNeeded: value)
        default: return Int(byte()) << 3 | Int(byte() & 7)
        }
    }

    /// Full-width numbers as well as 16-bit ones: the codec must round-trip both forms of a `PointList`.
    private mutating func points() -> PointList {
        PointList((0..<Int(byte() % 16)).map { _ in integer() })
    }

    /// None, lowercase or uppercase `#rrggbb`, or any text (possibly empty or not ASCII).
    private mutating func color() -> String? {
        let hex = Array("0123456789abcdef".utf8)
        switch byte() % 4 {
        case 0: return nil
        case 1: return "#" + String(decoding: (0..<6).map { _ in hex[Int(byte() % 16)] }, as: UTF8.self)
        case 2: return "#" + String(decoding: (0..<6).map { _ in hex[Int(byte() % 16)] }, as: UTF8.self).uppercased()
        default: return String(decoding: (0..<Int(byte() % 12)).map { _ in byte() }, as: UTF8.self)
        }
    }
}
