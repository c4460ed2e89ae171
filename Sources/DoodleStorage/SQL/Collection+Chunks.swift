extension Collection {
    /// The collection cut into consecutive slices of at most `size` elements (the rows of a
    /// multi-row statement: `SQLDialect.rowsPerInsert`).
    func chunks(of size: Int) -> [SubSequence] {
        precondition(size > 0)
        var chunks: [SubSequence] = []
        var start = startIndex
        while start != endIndex {
            let end = index(start, offsetBy: size, limitedBy: endIndex) ?? endIndex
            chunks.append(self[start..<end])
            start = end
        }
        return chunks
    }
}
