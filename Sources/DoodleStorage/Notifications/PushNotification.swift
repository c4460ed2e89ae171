import DoodleCore
import Foundation

/// An event a player should hear about while away, as the push service receives it
/// (docs/protocol.md, "Notifications"): `{"event","recipientId","pairId","drawingId"?,
/// "fromName","at"}`.
public struct PushNotification: Sendable, Equatable, Codable {
    public enum Event: String, Sendable, Equatable, Codable {
        /// Your partner sent you a drawing.
        case drawingReceived
        /// Your partner guessed your drawing.
        case drawingGuessed
        /// Somebody took your pair code.
        case paired
        /// Your partner ended the pair.
        case unpaired
    }

    public var event: Event
    public var recipientId: PlayerID
    public var pairId: String
    public var drawingId: String?
    /// Who caused it: the partner's name.
    public var fromName: String
    /// When it happened, milliseconds since 1970.
    public var at: Int64

    public init(event: Event, recipientId: PlayerID, pairId: String, drawingId: String? = nil, fromName: String, at: Int64) {
        self.event = event
        self.recipientId = recipientId
        self.pairId = pairId
        self.drawingId = drawingId
        self.fromName = fromName
        self.at = at
    }

    /// The `Idempotency-Key`: one per event, the same however often it is written or sent.
    public var key: String {
        Self.key(event: event, pairId: pairId, drawingId: drawingId, recipientId: recipientId)
    }

    /// The `Idempotency-Key` of the event these name, whoever caused it and whenever.
    static func key(event: Event, pairId: String, drawingId: String?, recipientId: PlayerID) -> String {
        [event.rawValue, pairId, drawingId ?? "-", recipientId].joined(separator: ":")
    }

    /// The JSON body, keys in a fixed order.
    public func body() throws -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return String(decoding: try encoder.encode(self), as: UTF8.self)
    }
}
