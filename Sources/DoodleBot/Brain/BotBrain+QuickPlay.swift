import DoodleCore

extension BotBrain {
    /// What a quick-play bot sends after `welcome`: `quickPlay` the first time; after the server
    /// redirected it to the node hosting the room it chose, `joinRoom` with that room's code
    /// (a second `quickPlay` there could pick another room).
    mutating func quickPlayEntry(wordPack: String?) -> ClientMessage {
        if let code = quickPlayRedirectCode {
            quickPlayRedirectCode = nil
            return .joinRoom(code: code)
        }
        return .quickPlay(wordPack: wordPack, mode: configuration.mode)
    }
}
