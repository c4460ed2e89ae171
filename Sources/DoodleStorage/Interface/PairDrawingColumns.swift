/// The columns pair drawings are read with, the same text on both databases, so a pair
/// drawing reads the same wherever it is stored.
enum PairDrawingColumns {
    /// A pair drawing's row, the sender's name being its current one, else the one the pair
    /// recorded when it formed.
    static let select = """
        SELECT pair_drawing.id, pair_drawing.pair_id, pair_drawing.sender_id, pair_drawing.recipient_id, pair_drawing.word,
               pair_drawing.sent_at, pair_drawing.status, pair_drawing.attempts, pair_drawing.resolved_at, pair_drawing.record,
               COALESCE(
                   (SELECT name FROM player WHERE player.id = pair_drawing.sender_id),
                   (SELECT CASE WHEN pair.first_id = pair_drawing.sender_id THEN pair.first_name ELSE pair.second_name END
                    FROM pair WHERE pair.id = pair_drawing.pair_id)) AS sender_name
        FROM pair_drawing
        """

    /// The column that puts a drawing in `box`: its recipient or its sender.
    static func owner(_ box: PairBox) -> String {
        switch box {
        case .received: "recipient_id"
        case .sent: "sender_id"
        }
    }
}
