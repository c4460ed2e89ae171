import DoodleCore
import HummingbirdWSClient
import NIOCore

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

extension ServerFrame {
    /// One inbound WebSocket message; decoding happens on first use and never fails (see ``decodingFailure``).
    init(_ message: WebSocketMessage) {
        switch message {
        case .text(let text):
            self.init(receivedText: text)
        case .binary(let buffer):
            self.init(
                text: String(decoding: buffer.readableBytesView, as: UTF8.self), isBinary: true, message: nil,
                decodingFailure: "binary frame of \(buffer.readableBytes) bytes")
        }
    }

    /// A one-line account of a decoding error, with the JSON path where it happened.
    static func describe(_ error: any Error) -> String {
        func path(_ context: DecodingError.Context) -> String {
            let keys = context.codingPath.map { $0.intValue.map { "[\($0)]" } ?? $0.stringValue }
            return keys.isEmpty ? "top level" : keys.joined(separator: ".")
        }
        switch error {
        case DecodingError.typeMismatch(let type, let context):
            return "\(path(context)): expected \(type): \(context.debugDescription)"
        case DecodingError.valueNotFound(let type, let context):
            return "\(path(context)): missing \(type) value: \(context.debugDescription)"
        case DecodingError.keyNotFound(let key, let context):
            return "\(path(context)): missing field '\(key.stringValue)'"
        case DecodingError.dataCorrupted(let context):
            return "\(path(context)): \(context.debugDescription)"
        default:
            return "\(error)"
        }
    }
}
