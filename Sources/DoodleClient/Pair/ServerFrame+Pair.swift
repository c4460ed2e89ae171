import DoodleCore

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

extension ServerFrame {
    /// The frame read as a pair-mode message. Decodes the text on every call (pair clients read
    /// each frame once; the party decoding behind ``message`` is not attempted).
    ///
    /// - Throws: ``DoodleClientError/undecodableFrame(_:)`` for a binary frame or text that is not
    ///   a pair-mode message, with the reason in the frame's ``decodingFailure``.
    public func pairMessage() throws(DoodleClientError) -> PairServerMessage {
        guard !isBinary else { throw .undecodableFrame(self) }
        do {
            return try JSONDecoder().decode(PairServerMessage.self, from: Data(text.utf8))
        } catch {
            throw .undecodableFrame(ServerFrame(text: text, message: nil, decodingFailure: "not a pair message: \(Self.describe(error))"))
        }
    }
}
