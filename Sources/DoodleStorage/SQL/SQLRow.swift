import Foundation
import GRDB
import PostgresNIO

/// A Swift type a column can be read as on both databases: `String`, `Int`, `Int64`, `Double`,
/// `Bool`, `Data`, and any of them optional (a `NULL` reads as `nil`; read as a type that is not
/// optional, it throws).
protocol SQLColumnDecodable: DatabaseValueConvertible, PostgresDecodable {}

extension String: SQLColumnDecodable {}
extension Int: SQLColumnDecodable {}
extension Int64: SQLColumnDecodable {}
extension Double: SQLColumnDecodable {}
extension Bool: SQLColumnDecodable {}
extension Data: SQLColumnDecodable {}
extension Optional: SQLColumnDecodable where Wrapped: SQLColumnDecodable, Wrapped._DecodableType == Wrapped {}

/// A result row whose columns are read by name, whichever database it came from: reordering a
/// `SELECT` cannot shift a value into the wrong field.
struct SQLRow {
    private enum Columns {
        case sqlite(GRDB.Row)
        case postgres(PostgresRandomAccessRow)
    }

    private let columns: Columns

    init(sqlite row: GRDB.Row) {
        columns = .sqlite(row)
    }

    init(postgres row: PostgresRandomAccessRow) {
        columns = .postgres(row)
    }

    /// The value of `column`; throws for a column the result lacks or a value of another type.
    func callAsFunction<T: SQLColumnDecodable>(_ column: String, as type: T.Type = T.self) throws -> T {
        switch columns {
        case .sqlite(let row):
            guard row.hasColumn(column) else { throw SQLRowError.noColumn(column) }
            return try row.decode(T.self, forColumn: column)
        case .postgres(let row):
            // The row's own subscript stops the process for a column it lacks.
            guard row.contains(column) else { throw SQLRowError.noColumn(column) }
            return try row[column].decode(T.self)
        }
    }

    /// The value of the first column, nil for a `NULL` (what `SQLSession.value` returns).
    func first<T: SQLColumnDecodable>(as type: T.Type = T.self) throws -> T? {
        switch columns {
        case .sqlite(let row):
            guard row.count > 0 else { throw SQLRowError.noColumn("#0") }
            if row.hasNull(atIndex: 0) { return nil }
            return try row.decode(T.self, atIndex: 0)
        case .postgres(let row):
            guard row.count > 0 else { throw SQLRowError.noColumn("#0") }
            let cell = row[0]
            if cell.bytes == nil { return nil }
            return try cell.decode(T.self)
        }
    }
}

enum SQLRowError: Error, CustomStringConvertible {
    case noColumn(String)

    var description: String {
        switch self {
        case .noColumn(let column): "a query's result has no column '\(column)'"
        }
    }
}
