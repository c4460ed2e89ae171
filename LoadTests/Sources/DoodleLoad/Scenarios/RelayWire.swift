import Foundation

/// The bare relay's two messages of its own (see `doodle-relay`): a client's first frame
/// `{"type":"relayJoin","room":"…"}`, answered by `{"type":"relayJoined","room":"…","seq":N}`
/// where N is the room's current `seq`. Every later frame is relayed.
public enum RelayWire {
    public static func join(room: String) -> String {
        #"{"type":"relayJoin","room":"\#(room)"}"#
    }

    private struct Joined: Decodable {
        var type: String
        var seq: Int
    }

    /// The `seq` of a `relayJoined` answer, nil for anything else.
    public static func joinedSeq(_ text: String) -> Int? {
        guard let joined = try? JSONDecoder().decode(Joined.self, from: Data(text.utf8)), joined.type == "relayJoined" else { return nil }
        return joined.seq
    }
}
