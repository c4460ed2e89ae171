/// Why a payload cannot be made into a QR code.
public enum QRCodeError: Error, Equatable, Sendable, CustomStringConvertible {
    /// More bytes than version 10 at level M holds.
    case tooLong(byteCount: Int, maximum: Int)

    public var description: String {
        switch self {
        case .tooLong(let byteCount, let maximum):
            "\(byteCount) bytes do not fit in a QR code of version 1–10 at level M (at most \(maximum))"
        }
    }
}
