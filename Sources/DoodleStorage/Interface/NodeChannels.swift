/// Short text messages between the processes sharing one database: what carries a cluster's
/// node-to-node signals (on PostgreSQL, `LISTEN`/`NOTIFY`). A message reaches whoever listens on
/// its channel when it is sent, at most once; sent to a channel nobody listens on, it is lost. So
/// whoever waits for an answer waits with a deadline.
///
/// Channel names are lower-case letters, digits and `_`, at most 63 bytes (PostgreSQL's
/// identifier length): the server makes them from its own node ids.
public protocol NodeChannels: Sendable {
    /// Sends `text` to whoever listens on `channel` now.
    ///
    /// Text too long for one notification is stored and the notification names it; the first
    /// listener to receive it takes it. Long text therefore suits a channel with one listener.
    /// - Throws: ``NodeChannelNameError`` for a name outside the rules; the back end's failure
    ///   when the database cannot be reached.
    func send(_ text: String, on channel: String) async throws

    /// Listens on `channels` until the task is cancelled, handing each message to `receive` in
    /// the order it arrived. `listening(true)` once it listens; `listening(false)` when its way
    /// to the database is lost (what is sent meanwhile is lost), after which it tries again
    /// until it listens anew and says `listening(true)` again.
    ///
    /// - Throws: ``NodeChannelNameError`` for a name outside the rules, before listening at all.
    func listen(on channels: [String], listening: (Bool) async -> Void, receive: (String) async -> Void) async throws
}

/// A channel name that breaks ``NodeChannels``' rules.
public struct NodeChannelNameError: Error, CustomStringConvertible {
    public var name: String

    public var description: String {
        "'\(name)' is not a channel name: use 1–63 lower-case letters, digits and '_'"
    }

    /// Throws for a name outside the rules.
    static func check(_ name: String) throws(NodeChannelNameError) {
        let allowed = name.utf8.allSatisfy { byte in
            (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte) || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte)
                || byte == UInt8(ascii: "_")
        }
        guard allowed, (1...63).contains(name.utf8.count) else { throw NodeChannelNameError(name: name) }
    }
}
