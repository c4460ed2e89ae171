/// One statement for either database, written once as a string with its values interpolated:
///
///     "SELECT name FROM player WHERE id = \(playerId)"
///
/// An interpolated value is never spliced into the text: it becomes a bound parameter, `?` for
/// SQLite and `$1, $2, …` for PostgreSQL, when the statement is rendered for the dialect that
/// runs it. What is not a value must say so: a nested `SQLQuery` (its values come along), a
/// dialect fragment such as `\(.forUpdate)`, or `\(sql:)` for a trusted piece of text (a column
/// list the store owns; never anything a client sent).
struct SQLQuery: Sendable, ExpressibleByStringInterpolation {
    fileprivate enum Piece: Sendable {
        case text(String)
        case value(SQLValue)
        case fragment(SQLDialect.Fragment)
    }

    fileprivate var pieces: [Piece]

    init(stringLiteral text: String) {
        pieces = [.text(text)]
    }

    init(stringInterpolation: StringInterpolation) {
        pieces = stringInterpolation.pieces
    }

    /// A statement made of trusted text only.
    init(sql text: String) {
        pieces = [.text(text)]
    }

    struct StringInterpolation: StringInterpolationProtocol {
        fileprivate var pieces: [Piece] = []

        init(literalCapacity: Int, interpolationCount: Int) {
            pieces.reserveCapacity(interpolationCount * 2 + 1)
        }

        mutating func appendLiteral(_ literal: String) {
            guard !literal.isEmpty else { return }
            pieces.append(.text(literal))
        }

        /// A value, bound as a parameter.
        mutating func appendInterpolation(_ value: some SQLBindable) {
            pieces.append(.value(value.sqlValue))
        }

        /// A comma-separated list of values, each bound: `IN (\(list: ids))`. An empty list would
        /// be a syntax error in both databases, so it is refused where it is built.
        mutating func appendInterpolation(list values: [some SQLBindable]) {
            precondition(!values.isEmpty, "an SQL list needs at least one value")
            for (index, value) in values.enumerated() {
                if index > 0 { pieces.append(.text(", ")) }
                pieces.append(.value(value.sqlValue))
            }
        }

        /// The rows of a multi-row `VALUES` list, `(a, b), (c, d)`, every value bound.
        mutating func appendInterpolation(rows: [[SQLValue]]) {
            precondition(!rows.isEmpty, "a VALUES list needs at least one row")
            for (index, row) in rows.enumerated() {
                pieces.append(.text(index == 0 ? "(" : ", ("))
                for (column, value) in row.enumerated() {
                    if column > 0 { pieces.append(.text(", ")) }
                    pieces.append(.value(value))
                }
                pieces.append(.text(")"))
            }
        }

        /// Another statement's text and values, in place.
        mutating func appendInterpolation(_ query: SQLQuery) {
            pieces += query.pieces
        }

        /// What each dialect spells its own way.
        mutating func appendInterpolation(_ fragment: SQLDialect.Fragment) {
            pieces.append(.fragment(fragment))
        }

        /// Trusted text, spliced as it is: a column list or a table name the store itself owns.
        mutating func appendInterpolation(sql text: String) {
            pieces.append(.text(text))
        }
    }

    /// This statement followed by `other`, as one statement.
    static func + (query: SQLQuery, other: SQLQuery) -> SQLQuery {
        var joined = query
        joined.pieces += other.pieces
        return joined
    }

    /// The statement's text in `dialect`, with its values in the order of their placeholders.
    func rendered(for dialect: SQLDialect) -> (sql: String, values: [SQLValue]) {
        // Sized once: a statement's text grows piece by piece, and each regrowth copies it all
        // (a placeholder takes at most 6 bytes, `$65535`; a fragment at most its longest form).
        var length = 0
        var valueCount = 0
        for piece in pieces {
            switch piece {
            case .text(let text): length += text.utf8.count
            case .value: valueCount += 1
            case .fragment: length += 64
            }
        }
        var sql = ""
        sql.reserveCapacity(length + valueCount * (dialect == .sqlite ? 1 : 6))
        var values: [SQLValue] = []
        values.reserveCapacity(valueCount)
        for piece in pieces {
            switch piece {
            case .text(let text):
                sql += text
            case .value(let value):
                values.append(value)
                sql += dialect.placeholder(values.count)
            case .fragment(let fragment):
                sql += dialect.sql(for: fragment)
            }
        }
        return (sql, values)
    }
}
