/// The two databases the stores run on, and every place where what they accept differs. A
/// store's query writes the standard words once; what cannot be written the same way on both is
/// named here, as a fragment the query interpolates (`\(.forUpdate)`).
///
/// Much that once differed no longer does since SQLite 3.35 (the oldest the SQLite driver
/// opens): upsert and "insert or ignore" are `ON CONFLICT … DO UPDATE` / `DO NOTHING` on both,
/// `RETURNING` works on both, and `true`/`false` are literals on both.
enum SQLDialect: Sendable {
    case sqlite
    case postgres

    /// The text of the `index`th (from 1) bound parameter.
    func placeholder(_ index: Int) -> String {
        switch self {
        case .sqlite: "?"
        case .postgres: "$\(index)"
        }
    }

    /// How many rows one multi-row `INSERT` should carry. On PostgreSQL every statement is a round
    /// trip to the server, so a batch goes in as few as its 65,535 bound parameters allow; on
    /// SQLite a statement is a call into the library, and one row per statement keeps the one
    /// prepared statement cached (a statement per batch size would be prepared afresh).
    func rowsPerInsert(columns: Int) -> Int {
        switch self {
        case .sqlite: 1
        case .postgres: max(1, 65_535 / max(columns, 1))
        }
    }

    /// A fragment of SQL that each database spells its own way.
    enum Fragment: Sendable {
        /// After a `SELECT`: lock the rows read until the transaction ends. Nothing on SQLite,
        /// whose one writer at a time already keeps every other write out.
        case forUpdate
        /// After a `SELECT`: lock the rows read against deletion and key changes (not against
        /// other updates) until the transaction ends. Nothing on SQLite, as `forUpdate`.
        case forKeyShare
        /// After a `SELECT`: lock the rows of `table` read, skipping rows another transaction holds
        /// (so two nodes never take the same row). Nothing on SQLite, as `forUpdate`.
        case forUpdateSkippingLocked(of: String)
        /// The larger of two values: SQLite's scalar `max`, PostgreSQL's `GREATEST` (its `max` is
        /// only an aggregate). Both are written between the parentheses the query supplies.
        case greatest
        /// After a text operand: compare byte by byte, as every stored text column does
        /// (PostgreSQL's are `COLLATE "C"`; SQLite's default is `BINARY`). A bound parameter
        /// has the database's default collation on PostgreSQL, so one compared with a column
        /// through a `VALUES` list says so.
        case bytewise
    }

    func sql(for fragment: Fragment) -> String {
        switch (self, fragment) {
        case (.sqlite, .forUpdate), (.sqlite, .forKeyShare), (.sqlite, .forUpdateSkippingLocked): ""
        case (.postgres, .forUpdate): "FOR UPDATE"
        case (.postgres, .forKeyShare): "FOR KEY SHARE"
        case (.postgres, .forUpdateSkippingLocked(let table)): "FOR UPDATE OF \(table) SKIP LOCKED"
        case (.sqlite, .greatest): "max"
        case (.postgres, .greatest): "GREATEST"
        case (.sqlite, .bytewise): "COLLATE BINARY"
        case (.postgres, .bytewise): "COLLATE \"C\""
        }
    }
}
