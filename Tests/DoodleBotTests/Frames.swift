import DoodleClient
import DoodleCore
import Foundation

/// Server frames for feeding a bot's brain, encoded exactly as the server would send them.
enum Frames {
    static func frame(_ message: ServerMessage) -> ServerFrame {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        let text = (try? encoder.encode(message)).map { String(decoding: $0, as: UTF8.self) } ?? ""
        return ServerFrame(text: text, message: message)
    }

    static let settings = RoomSettings(
        maxPlayers: 8, rounds: 1, drawSeconds: 80, chooseSeconds: 15, revealSeconds: 0, wordChoices: 3, hints: 2,
        wordPack: "en", customWords: [], customWordsOnly: false, lateJoin: true)

    static func player(_ id: PlayerID, _ name: String) -> PlayerInfo {
        PlayerInfo(id: id, name: name, score: 0, connected: true, guessed: false)
    }

    /// A lobby with the bot (`p_bot`) and a person (`p_ada`, the owner) in it.
    static func lobby(seq: Int) -> ServerMessage {
        .roomState(
            RoomSnapshot(
                seq: seq, code: "K7PQ2M", mode: .party, ownerId: "p_ada", locked: false,
                settings: SettingsView(settings: settings, showsCustomWords: false),
                players: [player("p_ada", "Ada"), player("p_bot", "Bot1")], phase: .lobby, round: nil, rounds: 1,
                drawerId: nil, deadline: nil, hint: nil, word: nil, choices: nil, strokes: []))
    }

    static let welcome = ServerMessage.welcome(Welcome(playerId: "p_bot", name: "Bot1", token: "secret", serverTime: 0))
}
