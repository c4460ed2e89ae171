import NIOCore

/// Cuts a TCP byte stream into records of one fixed size. A read can end inside a record: its
/// first part waits here, copied out so the read's whole buffer is not kept alive for it.
struct RecordSplitter {
    let recordBytes: Int
    private var partial: ByteBuffer?

    init(recordBytes: Int) {
        self.recordBytes = recordBytes
    }

    /// Calls `body` with each whole record `input` completes or holds, in order.
    mutating func forEachRecord(in input: inout ByteBuffer, _ body: (ByteBuffer) -> Void) {
        if var held = partial {
            // Let go of it first, so appending to it does not copy it.
            partial = nil
            held.writeBuffer(&input)
            split(&held, body)
        } else {
            split(&input, body)
        }
    }

    private mutating func split(_ buffer: inout ByteBuffer, _ body: (ByteBuffer) -> Void) {
        while let record = buffer.readSlice(length: recordBytes) {
            body(record)
        }
        if buffer.readableBytes > 0 {
            partial = ByteBuffer(bytes: buffer.readableBytesView)
        }
    }
}
