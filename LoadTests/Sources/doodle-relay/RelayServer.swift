import Foundation
import Hummingbird
import HummingbirdWebSocket
import Logging
import NIOCore
import NIOWebSocket

/// The bare relay: HummingbirdWebSocket and nothing of Doodle — no JSON decoding, no game.
///
/// Scheme: a client's first text frame is `{"type":"relayJoin","room":"NAME"}` (the only frame
/// it parses), answered with `{"type":"relayJoined","room":"NAME","seq":N}`. Every later text
/// frame is relayed to every member of that room, the sender included, as the game relays a
/// drawing message: prefixed with the room's next `seq` and the sender's id. Like the game, each
/// connection has an outbound queue drained by one writer task.
struct RelayServer {
    let rooms = RelayRooms()
    let logger: Logger

    func register(on router: Router<BasicWebSocketRequestContext>) {
        router.ws("/v1/ws") { inbound, outbound, _ in
            await serve(inbound: inbound, outbound: outbound)
        }
    }

    private struct Join: Decodable {
        var type: String
        var room: String
    }

    private func serve(inbound: WebSocketInboundStream, outbound: WebSocketOutboundWriter) async {
        let member = UInt64.random(in: 1...UInt64.max)
        let sender = "r\(member % 1_000_000)"
        let (frames, queue) = AsyncStream.makeStream(of: ByteBuffer.self, bufferingPolicy: .unbounded)
        var room: String?
        await withTaskGroup(of: Void.self) { group in
            group.addTask {
                do {
                    for await frame in frames {
                        try await outbound.write(.custom(WebSocketFrame(fin: true, opcode: .text, data: frame)))
                    }
                } catch {
                    logger.debug("write ended", metadata: ["error": "\(error)"])
                }
            }
            do {
                for try await message in inbound.messages(maxSize: 1 << 16) {
                    guard case .text(let text) = message else { continue }
                    if let room {
                        rooms.relay(text, in: room, from: sender)
                    } else if let join = try? JSONDecoder().decode(Join.self, from: Data(text.utf8)), join.type == "relayJoin" {
                        room = join.room
                        let seq = rooms.join(join.room, member: member, outbound: queue)
                        queue.yield(ByteBuffer(string: #"{"type":"relayJoined","room":"\#(join.room)","seq":\#(seq)}"#))
                    }
                }
            } catch {
                logger.debug("read ended", metadata: ["error": "\(error)"])
            }
            if let room { rooms.leave(room, member: member) }
            queue.finish()
        }
    }
}
