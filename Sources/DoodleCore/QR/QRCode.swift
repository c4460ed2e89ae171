/// A QR code symbol (ISO/IEC 18004) holding bytes in byte mode at error correction level M, in
/// the smallest of versions 1–10 that fits, with the mask of lowest penalty. A value: the module
/// matrix and how it was made, no rendering.
public struct QRCode: Sendable, Equatable {
    public let version: QRVersion
    public let mask: QRMask
    private let matrix: QRMatrix

    /// Encodes `payload`.
    ///
    /// - Parameter mask: a fixed mask instead of the lowest-penalty one (tests compare symbols
    ///   made with a known mask).
    /// - Throws: `QRCodeError.tooLong` when version 10 cannot hold the payload.
    public init(bytes payload: [UInt8], mask fixedMask: QRMask? = nil) throws(QRCodeError) {
        guard let version = QRVersion.smallest(holding: payload.count) else {
            throw .tooLong(byteCount: payload.count, maximum: QRVersion.all[QRVersion.largest - 1].byteCapacity)
        }
        var unmasked = QRMatrix(version: version)
        unmasked.placeData(QRCodewords.interleaved(payload: payload, version: version))
        if let fixedMask {
            self.init(version: version, mask: fixedMask, matrix: unmasked.masked(with: fixedMask))
            return
        }
        // The first mask of lowest penalty wins a tie.
        var chosen = (mask: QRMask.checkerboard, matrix: unmasked.masked(with: .checkerboard))
        var lowestPenalty = QRPenalty.score(chosen.matrix)
        for candidate in QRMask.allCases.dropFirst() {
            let masked = unmasked.masked(with: candidate)
            let penalty = QRPenalty.score(masked)
            if penalty < lowestPenalty { (chosen, lowestPenalty) = ((candidate, masked), penalty) }
        }
        self.init(version: version, mask: chosen.mask, matrix: chosen.matrix)
    }

    private init(version: QRVersion, mask: QRMask, matrix: QRMatrix) {
        self.version = version
        self.mask = mask
        self.matrix = matrix
    }

    /// Encodes `text` as UTF-8.
    public init(text: String, mask fixedMask: QRMask? = nil) throws(QRCodeError) {
        try self.init(bytes: Array(text.utf8), mask: fixedMask)
    }

    /// Modules per side, without the quiet zone.
    public var size: Int { matrix.size }

    /// Whether the module at (row, column) is dark; both in 0..<size.
    public subscript(row: Int, column: Int) -> Bool {
        precondition((0..<size).contains(row) && (0..<size).contains(column), "(\(row), \(column)) is outside a \(size)×\(size) symbol")
        return matrix[row, column]
    }
}
