/// Why a stored stroke record could not be read back.
public enum StrokeCodecError: Error, Equatable, Sendable, CustomStringConvertible {
    case unsupportedVersion(UInt8)
    case truncated(offset: Int)
    case malformedVarint(offset: Int)
    case countTooLarge(offset: Int)
    case unknownAction(tag: UInt8, offset: Int)
    case invalidColor(offset: Int)
    case trailingBytes(offset: Int)

    public var description: String {
        switch self {
        case .unsupportedVersion(let version): "stroke record version \(version) is not supported"
        case .truncated(let offset): "stroke record ends early at byte \(offset)"
        case .malformedVarint(let offset): "malformed varint at byte \(offset)"
        case .countTooLarge(let offset): "count at byte \(offset) exceeds the remaining bytes"
        case .unknownAction(let tag, let offset): "unknown action header 0x\(String(tag, radix: 16)) at byte \(offset)"
        case .invalidColor(let offset): "invalid colour at byte \(offset)"
        case .trailingBytes(let offset): "unexpected bytes after the last action, from byte \(offset)"
        }
    }
}
