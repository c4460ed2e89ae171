import DoodleCore
import Foundation
import NIOCore

/// The JSON bodies of the pair routes, read into what `PairActions` takes. A body that is not
/// the documented object is `bad_message`; a drawing item that does not read is `invalid_stroke`.
enum PairRequestBody {
    /// `POST /v1/me/pair/drawings`: `{"clientDrawingId","word","strokes":[…items as in roomState…]}`.
    static func upload(_ body: ByteBuffer) throws(ProtocolError) -> PairUpload {
        let envelope: UploadEnvelope
        do {
            envelope = try JSONDecoder().decode(UploadEnvelope.self, from: Data(body.readableBytesView))
        } catch {
            throw ProtocolError(.badMessage, "send {\"clientDrawingId\",\"word\",\"strokes\":[…]} with strings for the first two")
        }
        var items: [CanvasItem] = []
        items.reserveCapacity(envelope.strokes.count)
        for (index, slot) in envelope.strokes.enumerated() {
            guard let item = slot.item else {
                throw ProtocolError(.invalidStroke, "strokes[\(index)] is not a stroke or fill item as roomState shows them")
            }
            items.append(item)
        }
        return PairUpload(clientDrawingId: envelope.clientDrawingId, word: envelope.word, items: items)
    }

    /// `POST /v1/me/pair/drawings/{id}/guess`: `{"text"}`.
    static func guessText(_ body: ByteBuffer) throws(ProtocolError) -> String {
        do {
            return try JSONDecoder().decode(GuessEnvelope.self, from: Data(body.readableBytesView)).text
        } catch {
            throw ProtocolError(.badMessage, "send {\"text\":\"…\"} with your guess")
        }
    }

    private struct UploadEnvelope: Decodable {
        let clientDrawingId: String
        let word: String
        let strokes: [ItemSlot]
    }

    /// One element of `strokes`, kept even when it does not read, so that the error can name
    /// it and the envelope's own problems stay apart from the items'.
    private struct ItemSlot: Decodable {
        let item: CanvasItem?

        init(from decoder: any Decoder) throws {
            item = try? CanvasItem(from: decoder)
        }
    }

    private struct GuessEnvelope: Decodable {
        let text: String
    }
}
