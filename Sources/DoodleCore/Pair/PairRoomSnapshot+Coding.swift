/// The pair room's `roomState`: exactly `type, seq, code, mode, phase, players, pair, draft,
/// inbox, sent` (PROTOCOL.md rev 3, fine print), with `code` and `pair` null where they do not
/// apply.
extension PairRoomSnapshot: Codable {
    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: JSONKey.self)
        try c.put("roomState", "type")
        try c.put(seq, "seq")
        try c.putNullable(code, "code")
        try c.put(RoomMode.pair, "mode")
        try c.put(phase, "phase")
        try c.put(players, "players")
        try c.putNullable(pair, "pair")
        try c.putNullable(draft, "draft")
        try c.put(inbox, "inbox")
        try c.put(sent, "sent")
    }

    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: JSONKey.self)
        self.init(
            seq: try c.required("seq"), code: try c.optional("code"), phase: try c.required("phase"), players: try c.required("players"),
            pair: try c.optional("pair"), draft: try c.optional("draft"), inbox: try c.required("inbox"), sent: try c.required("sent"))
    }
}
