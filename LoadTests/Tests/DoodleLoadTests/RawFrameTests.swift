import DoodleCore
import Foundation
import Testing

@testable import DoodleLoad

@Suite("Raw WebSocket frames (the hostile soak's writer and reader)")
struct RawFrameTests {
    @Test("a masked text frame has FIN, the opcode, the mask bit and the masked payload")
    func maskedTextFrame() {
        let bytes = ClientFrame.text("ab").bytes(maskKey: (1, 2, 3, 4))
        #expect(bytes == [0x81, 0x82, 1, 2, 3, 4, UInt8(ascii: "a") ^ 1, UInt8(ascii: "b") ^ 2])
    }

    @Test("payload lengths take the 7-bit, 16-bit and 64-bit forms", arguments: [(125, 2), (126, 4), (65_535, 4), (65_536, 10)])
    func lengthForms(length: Int, header: Int) {
        let bytes = ClientFrame(opcode: .binary, payload: Array(repeating: 0, count: length), masked: false).bytes()
        #expect(bytes.count == header + length)
        var parser = ServerFrameParser()
        parser.append(bytes)
        #expect(parser.next()?.payload.count == length)
    }

    @Test("frames split anywhere come out whole and in order; a close frame gives its code")
    func parserReassembles() {
        let stream = ClientFrame.text("hello").bytes() + ClientFrame(opcode: .close, payload: [0x03, 0xF1], masked: false).bytes()
        var parser = ServerFrameParser()
        var frames: [ServerFrameParser.Frame] = []
        for byte in stream {
            parser.append([byte])
            while let frame = parser.next() { frames.append(frame) }
        }
        #expect(frames.map(\.opcode) == [0x1, 0x8])
        #expect(String(decoding: frames[0].payload, as: UTF8.self) == "hello")
        #expect(frames[1].closeCode == 1009)
    }

    @Test("a frame's header says where its payload lies, and nothing until the whole frame is there")
    func frameHeader() {
        let unmasked = ClientFrame(opcode: .text, payload: Array(repeating: 7, count: 300), masked: false).bytes()
        let header = FrameHeader(of: unmasked)
        #expect(header == FrameHeader(opcode: 0x1, fin: true, maskOffset: nil, payloadOffset: 4, payloadLength: 300))
        #expect(FrameHeader(of: unmasked.dropLast()) == nil)
        // A frame read from the middle of a buffer (a slice that does not start at 0).
        let stream = ClientFrame.text("ab").bytes() + unmasked
        #expect(FrameHeader(of: stream[8...])?.payloadLength == 300)
        let masked = ClientFrame.text("ab").bytes()
        #expect(FrameHeader(of: masked) == FrameHeader(opcode: 0x1, fin: true, maskOffset: 2, payloadOffset: 6, payloadLength: 2))
    }

    @Test("a 64-bit length past anything a stream could hold is refused, not shifted into a trap")
    func frameHeaderHugeLength() {
        let huge: [UInt8] = [0x82, 127, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF] + Array(repeating: 0, count: 16)
        #expect(FrameHeader(of: huge) == nil)
    }

    @Test("the ws:// address gives its port")
    func port() {
        #expect(RawWebSocket.port(of: "ws://127.0.0.1:41234/v1/ws") == 41234)
        #expect(RawWebSocket.port(of: "ws://127.0.0.1/v1/ws") == nil)
    }

    @Test("error answers are counted by code; other messages are not errors")
    func answerScan() {
        #expect(AnswerScan.code(in: #"{"type":"error","code":"bad_message","message":"x"}"#) == "bad_message")
        #expect(AnswerScan.code(in: #"{"type":"roomState","code":"ABCDE"}"#) == nil)
    }
}

@Suite("The hostile catalogue and its verdict on close codes")
struct HostileCatalogueTests {
    @Test("no ill-typed message decodes as a valid client message")
    func wrongTypesAreInvalid() {
        let decoder = JSONDecoder()
        let valid = WrongTypeMessages.all.filter { (try? decoder.decode(ClientMessage.self, from: Data($0.utf8))) != nil }
        #expect(valid.isEmpty, "decoded: \(valid.prefix(5))")
        #expect(WrongTypeMessages.all.count > 200)
    }

    @Test("every message type of the contract has ill-typed variants")
    func everyTypeCovered() {
        let types = WrongTypeMessages.messages.map(\.type) + WrongTypeMessages.fieldless
        for type in types {
            #expect(WrongTypeMessages.all.contains { $0.contains("\"\(type)\"") }, "\(type)")
        }
    }

    @Test("seated shots stay within a frame's 16 KiB; every closing shot sends something")
    func seatedShotsFit() {
        for shot in HostileCatalogue.seatedShots(isOwner: false, ownerId: "p_x") {
            #expect(shot.frames.allSatisfy { $0.payload.count <= 16_384 }, "\(shot.label)")
        }
        #expect(HostileCatalogue.closingShots.allSatisfy { $0.frameCount > 0 })
    }

    @Test("contract codes pass; an echo passes only for a code a peer may send; anything else is flagged")
    func closeCodes() {
        #expect(ContractCloseCodes.accepts(received: 1009, clientSent: .none))
        #expect(!ContractCloseCodes.accepts(received: 1011, clientSent: .none))
        #expect(ContractCloseCodes.accepts(received: 4500, clientSent: .some(4500)))
        #expect(!ContractCloseCodes.accepts(received: 999, clientSent: .some(999)))
        #expect(ContractCloseCodes.accepts(received: nil, clientSent: .some(nil)))
        #expect(!ContractCloseCodes.accepts(received: nil, clientSent: .none))
    }
}
