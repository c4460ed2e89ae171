import GRDB

/// How an `SQLQuery` runs on a GRDB connection: rendered with `?` placeholders, prepared once
/// per connection and kept (`cachedStatement`), so a store's statement in a hot path (the
/// archive's inserts) is parsed once, not on every call.
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
        // The placeholders were rendered from these very values: their count cannot differ. The
        // values go in as existentials: GRDB's initialiser for a sequence of one concrete type
        // maps it through a key path, which unspecialised costs more than the statement's step.
        let arguments: [(any DatabaseValueConvertible)?] = values.map { $0.databaseValue }
        statement.setUncheckedArguments(StatementArguments(arguments))
        return statement
    }
}

extension SQLValue {
    var databaseValue: DatabaseValue {
        switch self {
        case .null: .null
        case .integer(let value): value.databaseValue
        case .real(let value): value.databaseValue
        case .text(let value): value.databaseValue
        case .blob(let value): value.databaseValue
        case .boolean(let value): (value ? 1 : 0 as Int64).databaseValue
        }
    }
}
