/// The eight data mask patterns (ISO/IEC 18004 Table 10): a module at (row, column) is
/// inverted where its pattern's condition holds.
public enum QRMask: Int, CaseIterable, Sendable {
    case checkerboard = 0
    case evenRows = 1
    case everyThirdColumn = 2
    case diagonals = 3
    case blocks = 4
    case productSum = 5
    case productSumParity = 6
    case mixedParity = 7

    /// The 3-bit mask reference of the format information.
    public var reference: Int { rawValue }

    /// Whether the module at (row, column) is inverted.
    func inverts(row: Int, column: Int) -> Bool {
        switch self {
        case .checkerboard: (row + column) % 2 == 0
        case .evenRows: row % 2 == 0
        case .everyThirdColumn: column % 3 == 0
        case .diagonals: (row + column) % 3 == 0
        case .blocks: (row / 2 + column / 3) % 2 == 0
        case .productSum: (row * column) % 2 + (row * column) % 3 == 0
        case .productSumParity: ((row * column) % 2 + (row * column) % 3) % 2 == 0
        case .mixedParity: ((row + column) % 2 + (row * column) % 3) % 2 == 0
        }
    }
}
