/// What a client sent, as an error message quotes it back: at most `limit` characters (an ellipsis
/// after), control characters shown as `?`, so an answer never echoes a kilobyte or a terminal
/// escape into a client's log or an operator's.
enum EchoedText {
    static func of(_ text: String, upTo limit: Int = 40) -> String {
        let scalars = text.unicodeScalars
        let shown = scalars.prefix(limit).map { $0.properties.generalCategory == .control ? "?" : String($0) }.joined()
        return scalars.count > limit ? shown + "…" : shown
    }
}
