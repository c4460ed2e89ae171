import Foundation

/// A value bound to a statement, in the few kinds both databases store: what a store's Swift
/// value becomes once, whichever driver then hands it to its database.
///
/// A `NULL` carries no type: postgres-nio binds every `nil` as an untyped parameter too, so the
/// server infers it from where it stands, as SQLite does.
enum SQLValue: Sendable, Equatable {
    case null
    case integer(Int64)
    case real(Double)
    case text(String)
    case blob(Data)
    /// SQLite has no boolean: its driver binds 1 or 0, which is what GRDB stores for a `Bool`.
    case boolean(Bool)
}

/// A Swift value a query may bind with `\(value)` in its text.
protocol SQLBindable {
    var sqlValue: SQLValue { get }
}

extension String: SQLBindable {
    var sqlValue: SQLValue { .text(self) }
}

extension Int: SQLBindable {
    var sqlValue: SQLValue { .integer(Int64(self)) }
}

extension Int64: SQLBindable {
    var sqlValue: SQLValue { .integer(self) }
}

extension Double: SQLBindable {
    var sqlValue: SQLValue { .real(self) }
}

extension Bool: SQLBindable {
    var sqlValue: SQLValue { .boolean(self) }
}

extension Data: SQLBindable {
    var sqlValue: SQLValue { .blob(self) }
}

extension Optional: SQLBindable where Wrapped: SQLBindable {
    var sqlValue: SQLValue { self?.sqlValue ?? .null }
}
