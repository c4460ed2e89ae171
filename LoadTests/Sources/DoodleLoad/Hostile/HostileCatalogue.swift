/// Everything the hostile soak sends, built once.
///
/// - ``seatedShots(isOwner:ownerId:)``: for connections seated in a hostile room (its owner
///   draws): each is answered with an `error` (or nothing) and leaves the connection open.
/// - ``closingShots``: for connections that come and go: each must make the server close
///   the connection (the driver sends a `sync` before `hello` and a `hello` first).
enum HostileCatalogue {
    /// The word of every hostile room: the drawer "guessing" it is a word leak.
    static let word = "soakword"

    static let invalidJSON: [String] = [
        "{", "}", #"{"type":"sync""#, #"{"type":"sync"}}"#, #"{"type":"sync",}"#, "{'type':'sync'}", #"{"type":"sync"}{"type":"sync"}"#,
        "not json", "", " ", "null", "[]", #""sync""#, "123", "\u{FEFF}{\"type\":\"sync\"}", #"{"type":"chooseWord","index":NaN}"#,
        #"{"type":"chooseWord","index":Infinity}"#, #"{"type":"guess","text":"\ud800"}"#, #"{"type":"guess","text":"unterminated}"#,
        #"{"type":"guess","text":"a\qb"}"#, #"{"type" "guess"}"#, #"{type:"sync"}"#, "{\"type\":\"sync\"\u{0}}", #"{"type":"sync"}garbage"#,
    ]

    static let deepNesting: [String] = [
        String(repeating: "[", count: 6000) + String(repeating: "]", count: 6000),
        String(repeating: "{\"a\":", count: 2500) + "1" + String(repeating: "}", count: 2500),
        #"{"type":"guess","text":"# + String(repeating: "[", count: 5000) + String(repeating: "]", count: 5000) + "}",
        #"{"type":"updateSettings","settings":"# + String(repeating: "{\"s\":", count: 2000) + "{}" + String(repeating: "}", count: 2001),
        String(repeating: "[", count: 12000),
    ]

    static let numbers: [String] = [
        #"{"type":"chooseWord","index":1e400}"#, #"{"type":"chooseWord","index":99999999999999999999999999999}"#,
        #"{"type":"chooseWord","index":-9223372036854775809}"#, #"{"type":"chooseWord","index":0.5}"#,
        #"{"type":"chooseWord","index":"# + "1" + String(repeating: "0", count: 5000) + "}",
        #"{"type":"strokeBegin","strokeId":1e999,"tool":"pen","color":"\u0023000000","width":4,"points":[1,2]}"#,
        #"{"type":"strokeBegin","strokeId":1,"tool":"pen","color":"\u0023000000","width":4.000000001,"points":[1,2]}"#,
        #"{"type":"strokePoints","strokeId":1,"points":[1e308,1e308]}"#, #"{"type":"strokePoints","strokeId":1,"points":[-1e-400,2]}"#,
        #"{"type":"fill","x":1.0000000000000002,"y":5,"color":"\u0023000000"}"#, #"{"type":"fill","x":18446744073709551616,"y":5,"color":"\u0023000000"}"#,
        #"{"type":"lockRoom","locked":1e5}"#, #"{"type":"hello","protocol":1e1000,"name":"x"}"#,
        #"{"type":"updateSettings","settings":{"rounds":1e-400}}"#, #"{"type":"updateSettings","settings":{"maxPlayers":2.5}}"#,
        #"{"type":"hello","protocol":-0.0,"name":"x"}"#,
    ]

    /// Answered with `error` and the connection stays: wrong content, not wrong framing.
    static let malformed: [HostileShot] =
        invalidJSON.map { HostileShot(.invalidJSON, text: $0) } + deepNesting.map { HostileShot(.deepNesting, text: $0) }
        + numbers.map { HostileShot(.numbers, text: $0) } + WrongTypeMessages.all.map { HostileShot(.wrongType, text: $0) }

    /// Frames that are legal WebSocket but not the contract's (binary), or legal and unusual.
    static let framing: [HostileShot] = [
        HostileShot(.binary, "random bytes", [ClientFrame(opcode: .binary, payload: (0..<100).map { UInt8(($0 * 73 + 11) & 0xFF) })]),
        HostileShot(.binary, "JSON as binary", [ClientFrame(opcode: .binary, payload: Array(#"{"type":"sync"}"#.utf8))]),
        HostileShot(.binary, "empty binary", [ClientFrame(opcode: .binary, payload: [])]),
        HostileShot(.fragmented, "sync in 3 fragments", fragments(#"{"type":"sync"}"#, into: 3)),
        HostileShot(
            .fragmented, "fragments with a ping between",
            [ClientFrame(opcode: .text, payload: Array(#"{"type":"#.utf8), fin: false), ClientFrame(opcode: .ping, payload: [1, 2, 3]),
             ClientFrame(opcode: .continuation, payload: Array(#""sync"}"#.utf8))]),
        HostileShot(.fragmented, "bad JSON in 4 fragments", fragments(#"{"type":"guess","text":}"#, into: 4)),
        HostileShot(.fragmented, "empty fragments", [ClientFrame(opcode: .text, payload: [], fin: false), ClientFrame(opcode: .continuation, payload: [])]),
        HostileShot(.fragmented, "binary in 2 fragments", [ClientFrame(opcode: .binary, payload: [1], fin: false), ClientFrame(opcode: .continuation, payload: [2])]),
        HostileShot(.ping, "ping 125 bytes", [ClientFrame(opcode: .ping, payload: Array(repeating: 0x61, count: 125))]),
        HostileShot(.ping, "unsolicited pong", [ClientFrame(opcode: .pong, payload: [9])]),
    ]

    /// What a seated member may not do (owner-only, drawer-only), and what nobody may do now.
    static func seatedShots(isOwner: Bool, ownerId: String) -> [HostileShot] {
        let validStroke = #"{"type":"strokeBegin","strokeId":1,"tool":"pen","color":"\u0023123456","width":4,"points":[10,10,20,20]}"#
        let rules: [HostileShot]
        if isOwner {
            rules = [
                HostileShot(.unauthorised, text: #"{"type":"kick","playerId":"\#(ownerId)"}"#),
                HostileShot(.unauthorised, text: #"{"type":"kick","playerId":"p_nobody"}"#),
                HostileShot(.unauthorised, text: #"{"type":"voteKick","playerId":"\#(ownerId)"}"#),
                HostileShot(.outOfPhase, text: #"{"type":"startGame"}"#),
                HostileShot(.outOfPhase, text: #"{"type":"chooseWord","index":0}"#),
                HostileShot(.outOfPhase, text: #"{"type":"updateSettings","settings":{"rounds":2}}"#),
                HostileShot(.outOfPhase, text: #"{"type":"submitDrawing","clientDrawingId":"x"}"#),
                HostileShot(.outOfPhase, text: #"{"type":"unpair"}"#),
                HostileShot(.outOfPhase, text: #"{"type":"createRoom"}"#),
                HostileShot(.outOfPhase, text: #"{"type":"guess","text":"\#(word)"}"#),
                HostileShot(.outOfPhase, text: #"{"type":"strokePoints","strokeId":999999,"points":[1,2]}"#),
                HostileShot(.outOfPhase, text: #"{"type":"strokeBegin","strokeId":0,"tool":"pen","color":"\u0023123456","width":4,"points":[5000,5000]}"#),
                HostileShot(.outOfPhase, text: #"{"type":"strokeBegin","strokeId":1,"tool":"brush","color":"red","width":99,"points":[1]}"#),
            ]
        } else {
            rules = [
                HostileShot(.unauthorised, text: #"{"type":"startGame"}"#),
                HostileShot(.unauthorised, text: #"{"type":"kick","playerId":"\#(ownerId)"}"#),
                HostileShot(.unauthorised, text: #"{"type":"lockRoom","locked":true}"#),
                HostileShot(.unauthorised, text: #"{"type":"updateSettings","settings":{"rounds":2}}"#),
                HostileShot(.unauthorised, text: #"{"type":"chooseWord","index":0}"#),
                HostileShot(.unauthorised, text: validStroke),
                HostileShot(.unauthorised, text: #"{"type":"fill","x":1,"y":1,"color":"\u0023000000"}"#),
                HostileShot(.unauthorised, text: #"{"type":"clear"}"#),
                HostileShot(.unauthorised, text: #"{"type":"undo"}"#),
                HostileShot(.unauthorised, text: #"{"type":"voteKick","playerId":"p_nobody"}"#),
                HostileShot(.outOfPhase, text: #"{"type":"createRoom"}"#),
                HostileShot(.outOfPhase, text: #"{"type":"submitDrawing","clientDrawingId":"x"}"#),
                HostileShot(.outOfPhase, text: #"{"type":"chooseWord","index":7}"#),
            ]
        }
        return rules + malformed + framing
    }

    /// Each of these must end the connection.
    static let closingShots: [HostileShot] = {
        var shots: [HostileShot] = [
            HostileShot(.oversized, "text 17,000 bytes", [.text(#"{"type":"guess","text":""# + String(repeating: "x", count: 17_000) + "\"}")]),
            HostileShot(.oversized, "binary 20,000 bytes", [ClientFrame(opcode: .binary, payload: Array(repeating: 7, count: 20_000))]),
            HostileShot(.oversized, "3 fragments of 6,000", fragments(String(repeating: "y", count: 18_000), into: 3)),
            HostileShot(.oversized, "64-bit length 2^62", [], raw: hugeLengthHeader),
        ]
        for (label, bytes) in [
            ("lone continuation byte", [0x80]), ("truncated 2-byte", [0xC3, 0x28]), ("overlong", [0xC0, 0xAF]), ("surrogate", [0xED, 0xA0, 0x80]),
            ("0xFF", [0xFF]), ("above U+10FFFF", [0xF4, 0x90, 0x80, 0x80]), ("truncated at end", [0x7B, 0xE2, 0x82]),
        ] as [(String, [UInt8])] {
            shots.append(HostileShot(.badUTF8, label, [ClientFrame(opcode: .text, payload: Array("{\"type\":\"guess\",\"text\":\"".utf8) + bytes + [0x22, 0x7D])]))
        }
        shots.append(HostileShot(.badUTF8, "bad UTF-8 across fragments", [
            ClientFrame(opcode: .text, payload: [0x7B, 0xE2], fin: false), ClientFrame(opcode: .continuation, payload: [0x28, 0x7D]),
        ]))
        shots += [
            HostileShot(.protocolFault, "continuation with nothing to continue", [ClientFrame(opcode: .continuation, payload: Array("x".utf8))]),
            HostileShot(.protocolFault, "new message inside a fragmented one", [
                ClientFrame(opcode: .text, payload: Array("{".utf8), fin: false), .text(#"{"type":"sync"}"#),
            ]),
            HostileShot(.protocolFault, "reserved data opcode", [ClientFrame(opcode: .reservedData, payload: [1])]),
            HostileShot(.protocolFault, "reserved control opcode", [ClientFrame(opcode: .reservedControl, payload: [])]),
            HostileShot(.protocolFault, "RSV1 set", [ClientFrame(opcode: .text, payload: Array(#"{"type":"sync"}"#.utf8), reservedBits: 0x40)]),
            HostileShot(.protocolFault, "unmasked", [ClientFrame(opcode: .text, payload: Array(#"{"type":"sync"}"#.utf8), masked: false)]),
            HostileShot(.protocolFault, "fragmented ping", [ClientFrame(opcode: .ping, payload: [1], fin: false)]),
            HostileShot(.protocolFault, "ping of 126 bytes", [ClientFrame(opcode: .ping, payload: Array(repeating: 1, count: 126))]),
        ]
        for (label, payload, own) in [
            ("empty close", [], nil), ("1-byte payload", [0x03], nil), ("code 999", code(999), 999), ("code 1005", code(1005), 1005),
            ("code 1006", code(1006), 1006), ("code 1015", code(1015), 1015), ("code 2999", code(2999), 2999), ("code 5000", code(5000), 5000),
            ("code 1000, bad UTF-8 reason", code(1000) + [0xC3, 0x28], 1000), ("code 1000", code(1000), 1000), ("code 4000", code(4000), 4000),
            ("close of 126 bytes", code(1000) + Array(repeating: 0x61, count: 124), 1000),
        ] as [(String, [UInt8], Int?)] {
            shots.append(HostileShot(.badClose, label, [ClientFrame(opcode: .close, payload: payload)], ownCloseCode: own))
        }
        shots.append(HostileShot(.badClose, "fragmented close", [ClientFrame(opcode: .close, payload: code(1000), fin: false)], ownCloseCode: 1000))
        shots.append(HostileShot(.flood, "400 syncs at once", Array(repeating: .text(#"{"type":"sync"}"#), count: 400)))
        shots.append(HostileShot(.flood, "60 guesses at once", Array(repeating: .text(#"{"type":"guess","text":"flood"}"#), count: 60)))
        shots.append(HostileShot(.flood, "1300 drawing messages at once", Array(repeating: .text(#"{"type":"undo"}"#), count: 1300)))
        return shots
    }()

    /// Every shot a breaker sends.
    static var allClosingShots: [HostileShot] { closingShots + [unsupportedHello] }

    /// The header of a frame that announces 2^62 bytes and never sends them.
    static let hugeLengthHeader: [UInt8] = [0x81, 0xFF, 0x40, 0, 0, 0, 0, 0, 0, 0, 1, 2, 3, 4]

    /// `hello` with protocol 2: `unsupported_protocol`, then the server closes with 1002.
    static let unsupportedHello = HostileShot(.unsupportedProtocol, text: #"{"type":"hello","protocol":2,"name":"hostile"}"#)

    static func code(_ value: Int) -> [UInt8] { [UInt8(value >> 8), UInt8(value & 0xFF)] }

    /// `text` as one text frame and continuation frames.
    static func fragments(_ text: String, into count: Int) -> [ClientFrame] {
        let bytes = Array(text.utf8)
        let size = (bytes.count + count - 1) / count
        return stride(from: 0, to: bytes.count, by: size).enumerated().map { index, start in
            let end = min(start + size, bytes.count)
            return ClientFrame(opcode: index == 0 ? .text : .continuation, payload: Array(bytes[start..<end]), fin: end == bytes.count)
        }
    }
}
