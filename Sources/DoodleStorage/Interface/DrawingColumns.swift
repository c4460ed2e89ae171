/// The columns a finished drawing is read with, the same text on both databases, so a drawing
/// reads the same wherever it is stored.
enum DrawingColumns {
    /// How many members like and dislike the drawing of the enclosing row, each counted through
    /// `reaction`'s primary key (a drawing has at most a room's worth of rows there).
    private static let reactionCounts = """
        (SELECT COUNT(*) FROM reaction WHERE reaction.drawing_id = drawing.id AND reaction.reaction = 'like') AS like_count,
        (SELECT COUNT(*) FROM reaction WHERE reaction.drawing_id = drawing.id AND reaction.reaction = 'dislike') AS dislike_count
        """

    /// A drawing's row with its drawer's chosen avatar (`PlayerTable.avatar`), read through one
    /// join on the player's key; the caller adds `WHERE drawing.id = …`.
    static let select = """
        SELECT drawing.id, drawing.kind, drawing.game_id, drawing.room_code, drawing.word, drawing.drawer_id, drawing.drawer_name,
               drawing.drawer_gained, drawing.started_at, drawing.ended_at, drawing.record, player.avatar_color, player.avatar_eyes, player.avatar_mouth,
               \(reactionCounts)
        FROM drawing LEFT JOIN player ON player.id = drawing.drawer_id
        """

    /// A drawing without its record, as lists show it; the caller adds `WHERE drawing.… ORDER BY …`.
    static let summary = """
        SELECT drawing.id, drawing.game_id, drawing.room_code, drawing.word, drawing.drawer_id, drawing.drawer_name,
               drawing.started_at, drawing.ended_at,
               (SELECT COUNT(*) FROM guess WHERE guess.drawing_id = drawing.id) AS guesser_count,
               \(reactionCounts)
        FROM drawing
        """

    /// A drawing's guessers, a guesser's name being its current one, else the one its game's
    /// ranking recorded; the caller adds `WHERE guess.drawing_id = … ORDER BY guess.position`.
    static let guessers = """
        SELECT guess.player_id,
               COALESCE(player.name, (SELECT game_player.name FROM game_player
                                      WHERE game_player.game_id = drawing.game_id AND game_player.player_id = guess.player_id))
                   AS name,
               guess.gained, guess.at_ms
        FROM guess
        JOIN drawing ON drawing.id = guess.drawing_id
        LEFT JOIN player ON player.id = guess.player_id
        """
}
