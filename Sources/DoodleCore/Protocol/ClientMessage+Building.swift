/// The flat names of the contract's message types, so that a client writes
/// `.joinRoom(code: "K7PQ2M")` without knowing which group a message belongs to.
extension ClientMessage {
    public static func hello(protocol version: Int, name: String, token: String?, lastSeq: Int?, avatar: Avatar? = nil) -> ClientMessage {
        .session(.hello(protocol: version, name: name, token: token, lastSeq: lastSeq, avatar: avatar))
    }
    public static func rename(name: String, avatar: Avatar? = nil) -> ClientMessage { .session(.rename(name: name, avatar: avatar)) }
    public static func createRoom(mode: RoomMode, settings: SettingsPatch) -> ClientMessage {
        .session(.createRoom(mode: mode, settings: settings))
    }
    public static func joinRoom(code: String, spectate: Bool = false) -> ClientMessage {
        .session(.joinRoom(code: code, spectate: spectate))
    }
    public static func quickPlay(wordPack: String? = nil, spectate: Bool = false, mode: RoomMode = .party) -> ClientMessage {
        .session(.quickPlay(wordPack: wordPack, spectate: spectate, mode: mode))
    }
    public static var leaveRoom: ClientMessage { .session(.leaveRoom) }
    public static var sync: ClientMessage { .session(.sync) }

    public static func updateSettings(_ patch: SettingsPatch) -> ClientMessage { .party(.updateSettings(patch)) }
    public static var startGame: ClientMessage { .party(.startGame) }
    public static func kick(playerId: PlayerID) -> ClientMessage { .party(.kick(playerId: playerId)) }
    public static func lockRoom(locked: Bool) -> ClientMessage { .party(.lockRoom(locked: locked)) }
    public static func voteKick(playerId: PlayerID) -> ClientMessage { .party(.voteKick(playerId: playerId)) }
    public static func chooseWord(index: Int) -> ClientMessage { .party(.chooseWord(index: index)) }
    public static func spectate(on: Bool) -> ClientMessage { .party(.spectate(on: on)) }
    public static func mute(playerId: PlayerID, muted: Bool = true) -> ClientMessage { .party(.mute(playerId: playerId, muted: muted)) }
    public static func react(_ reaction: Reaction) -> ClientMessage { .party(.react(reaction)) }
    public static var playWithBots: ClientMessage { .party(.playWithBots) }
    public static func report(playerId: PlayerID, reason: ReportReason, text: String? = nil) -> ClientMessage {
        .session(.report(playerId: playerId, reason: reason, text: text))
    }
    /// A party guess: no `drawingId`.
    public static func guess(text: String) -> ClientMessage { .guess(text: text, drawingId: nil) }

    public static func pairGuess(drawingId: String, text: String) -> ClientMessage { .guess(text: text, drawingId: drawingId) }
    public static var suggestWords: ClientMessage { .pair(.suggestWords) }
    public static func beginDrawing(clientDrawingId: String, word: String) -> ClientMessage {
        .pair(.beginDrawing(clientDrawingId: clientDrawingId, word: word))
    }
    public static func submitDrawing(clientDrawingId: String) -> ClientMessage { .pair(.submitDrawing(clientDrawingId: clientDrawingId)) }
    public static func giveUp(drawingId: String) -> ClientMessage { .pair(.giveUp(drawingId: drawingId)) }
    public static var unpair: ClientMessage { .pair(.unpair) }

    public static func submitText(_ text: String) -> ClientMessage { .telephone(.submitText(text)) }
    /// A telephone draw step's submission (a pair room's names its drawing).
    public static var submitTelephoneDrawing: ClientMessage { .telephone(.submitDrawing) }
    public static var unsubmit: ClientMessage { .telephone(.unsubmit) }
    public static var revealNext: ClientMessage { .telephone(.revealNext) }
}
