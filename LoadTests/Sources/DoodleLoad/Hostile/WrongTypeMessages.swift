/// Every client message type of the contract (DoodleCore's `ClientMessage`) with each of its
/// fields in turn given a JSON value of the wrong type, the other fields valid.
enum WrongTypeMessages {
    enum FieldType {
        case string, integer, boolean, points, object, stringList

        /// JSON values that are not of this type.
        var wrongValues: [String] {
            switch self {
            case .string: ["1", "true", "null", "[]", "{}", "-0.5"]
            case .integer: [#""1""#, "true", "null", "[]", "{}", "1.5", #""""#]
            case .boolean: [#""true""#, "1", "0", "null", "[]", "{}"]
            case .points: [#""1,2""#, "null", "{}", "1", #"["1","2"]"#, "[1.5,2]", "[[1,2]]", "[true,false]", "[null,null]"]
            case .object: [#""x""#, "1", "[]", "true"]
            case .stringList: [#""word""#, "[1,2]", "{}", "[null]", "[[\"a\"]]"]
            }
        }
    }

    struct Field {
        var name: String
        var type: FieldType
        var valid: String
        /// Optional in the contract: `null` there means "absent" and is valid, so it is not sent.
        var optional = false
    }

    static let messages: [(type: String, fields: [Field])] = [
        ("hello", [
            Field(name: "protocol", type: .integer, valid: "1"), Field(name: "name", type: .string, valid: #""hostile""#),
            Field(name: "token", type: .string, valid: #""t""#, optional: true), Field(name: "lastSeq", type: .integer, valid: "1", optional: true),
        ]),
        ("rename", [Field(name: "name", type: .string, valid: #""hostile""#)]),
        ("createRoom", [
            Field(name: "mode", type: .string, valid: #""party""#, optional: true), Field(name: "settings", type: .object, valid: "{}", optional: true),
        ]),
        ("joinRoom", [Field(name: "code", type: .string, valid: #""ABCDE""#)]),
        ("updateSettings", [Field(name: "settings", type: .object, valid: "{}")]),
        ("kick", [Field(name: "playerId", type: .string, valid: #""p_nobody""#)]),
        ("lockRoom", [Field(name: "locked", type: .boolean, valid: "true")]),
        ("voteKick", [Field(name: "playerId", type: .string, valid: #""p_nobody""#)]),
        ("chooseWord", [Field(name: "index", type: .integer, valid: "0")]),
        ("strokeBegin", [
            Field(name: "strokeId", type: .integer, valid: "1"), Field(name: "tool", type: .string, valid: #""pen""#),
            Field(name: "color", type: .string, valid: #""\u0023112233""#, optional: true), Field(name: "width", type: .integer, valid: "4"),
            Field(name: "points", type: .points, valid: "[1,2]"),
        ]),
        ("strokePoints", [Field(name: "strokeId", type: .integer, valid: "1"), Field(name: "points", type: .points, valid: "[1,2]")]),
        ("strokeEnd", [Field(name: "strokeId", type: .integer, valid: "1")]),
        ("fill", [
            Field(name: "x", type: .integer, valid: "1"), Field(name: "y", type: .integer, valid: "1"),
            Field(name: "color", type: .string, valid: #""\u0023112233""#),
        ]),
        ("guess", [Field(name: "text", type: .string, valid: #""hostile""#)]),
        ("submitDrawing", [Field(name: "clientDrawingId", type: .string, valid: #""d1""#)]),
    ]

    /// Types without fields: only `type` itself can be wrong.
    static let fieldless = ["leaveRoom", "sync", "startGame", "undo", "clear", "unpair"]

    /// The fields of `settings` (in `createRoom` and `updateSettings`).
    static let settings: [(String, FieldType)] = [
        ("maxPlayers", .integer), ("rounds", .integer), ("drawSeconds", .integer), ("chooseSeconds", .integer), ("revealSeconds", .integer),
        ("wordChoices", .integer), ("hints", .integer), ("wordPack", .string), ("customWords", .stringList), ("customWordsOnly", .boolean),
        ("lateJoin", .boolean),
    ]

    /// Every message of the kind; none of them can be a valid message.
    static let all: [String] = {
        var texts: [String] = []
        for (type, fields) in messages {
            for field in fields {
                for wrong in field.type.wrongValues where !(field.optional && wrong == "null") {
                    let body = fields.map { "\"\($0.name)\":\($0.name == field.name ? wrong : $0.valid)" }
                    texts.append("{\"type\":\"\(type)\",\(body.joined(separator: ","))}")
                }
            }
        }
        for (name, type) in settings {
            // An explicit null in settings decodes and is refused later (`invalid_settings`): not a wrong type.
            for wrong in type.wrongValues where wrong != "null" {
                texts.append("{\"type\":\"updateSettings\",\"settings\":{\"\(name)\":\(wrong)}}")
                texts.append("{\"type\":\"createRoom\",\"settings\":{\"\(name)\":\(wrong)}}")
            }
        }
        for type in messages.map(\.type) + fieldless {
            for wrongType in ["5", "null", "true", "[\"\(type)\"]", "{\"name\":\"\(type)\"}", "\"\(type.uppercased())\"", "\"\""] {
                texts.append("{\"type\":\(wrongType)}")
            }
        }
        return texts
    }()
}
