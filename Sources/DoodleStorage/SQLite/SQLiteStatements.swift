import Foundation
import GRDB
import GRDBSQLite

/// How an `SQLQuery` runs on a GRDB connection: rendered with `?` placeholders, prepared once
/// per connection and kept (`cachedStatement`), so a store's statement in a hot path (the
/// archive's inserts) is parsed once, not on every call.
///
/// The values are bound with SQLite's own `sqlite3_bind_*`, one switch over `SQLValue` each.
/// GRDB's `StatementArguments` takes any `DatabaseValueConvertible` through generic
/// initialisers this module cannot specialise: building one cost more than the insert it was
/// for (a burst of archive writes ran at 0.9× of the hand-written statements it replaced).
/// GRDB is told the statement has no arguments of its own (`setUncheckedArguments` with none),
/// so its `execute` and fetches reset the statement, keep these bindings, and run its hooks.
enum SQLiteStatements {
    static func execute(_ query: SQLQuery, in db: Database) throws -> Int {
        let statement = try prepare(query, in: db)
        try statement.execute()
        return db.changesCount
    }

    static func rows(_ query: SQLQuery, in db: Database) throws -> [SQLRow] {
        try Row.fetchAll(try prepare(query, in: db)).map(SQLRow.init(sqlite:))
    }

    private static func prepare(_ query: SQLQuery, in db: Database) throws -> Statement {
        let (sql, values) = query.rendered(for: .sqlite)
        let statement = try db.cachedStatement(sql: sql)
        // Resets the statement and clears the bindings a previous use left.
        statement.setUncheckedArguments(StatementArguments())
        let handle = statement.sqliteStatement
        // The placeholders were rendered from these very values: their count cannot differ.
        for (offset, value) in values.enumerated() {
            let code = bind(value, at: CInt(offset + 1), to: handle)
            guard code == SQLITE_OK else {
                throw DatabaseError(resultCode: ResultCode(rawValue: code), message: String(cString: sqlite3_errmsg(db.sqliteConnection)), sql: sql)
            }
        }
        return statement
    }

    /// Binds one value; SQLite copies text and blobs (`SQLITE_TRANSIENT`), as the statement
    /// outlives the value's buffer.
    private static func bind(_ value: SQLValue, at index: CInt, to handle: SQLiteStatement) -> CInt {
        switch value {
        case .null:
            sqlite3_bind_null(handle, index)
        case .integer(let integer):
            sqlite3_bind_int64(handle, index, integer)
        case .real(let real):
            sqlite3_bind_double(handle, index, real)
        case .boolean(let flag):
            sqlite3_bind_int64(handle, index, flag ? 1 : 0)
        case .text(var text):
            // By length, not up to a NUL: a text may hold one.
            text.withUTF8 { bytes in
                bytes.withMemoryRebound(to: CChar.self) { chars in
                    // An empty text still needs a pointer, or SQLite binds NULL.
                    guard let start = chars.baseAddress else { return sqlite3_bind_text(handle, index, "", 0, transient) }
                    return sqlite3_bind_text(handle, index, start, CInt(chars.count), transient)
                }
            }
        case .blob(let data):
            data.withUnsafeBytes { bytes in
                // An empty blob still needs a pointer, or SQLite binds NULL.
                sqlite3_bind_blob(handle, index, bytes.baseAddress ?? UnsafeRawPointer(bitPattern: 1), CInt(bytes.count), transient)
            }
        }
    }

    /// `SQLITE_TRANSIENT`, which the C headers define as a macro Swift cannot import.
    private static let transient = unsafeBitCast(-1, to: sqlite3_destructor_type.self)
}
