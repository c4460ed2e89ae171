import NIOCore

/// Rendered pictures by (drawing or game, format, size, last change), bounded in bytes and evicted least
/// recently used first; and single-flight: while a picture is being rendered, every other
/// request for it waits for that render instead of starting its own.
actor PictureCache {
    struct Key: Hashable, Sendable {
        /// A drawing's id, or for an album its game's.
        var subject: String
        var format: PictureFormat
        var size: Int
        /// When the subject last changed: a new revision is a new picture.
        var revision: Int64
        /// The drawings the picture shows, so that deleting one forgets it.
        var drawingIds: [String]

        /// A picture of one drawing.
        init(drawingId: String, format: PictureFormat = .png, size: Int, revision: Int64) {
            self.init(subject: drawingId, format: format, size: size, revision: revision, drawingIds: [drawingId])
        }

        init(subject: String, format: PictureFormat, size: Int, revision: Int64, drawingIds: [String]) {
            self.subject = subject
            self.format = format
            self.size = size
            self.revision = revision
            self.drawingIds = drawingIds
        }
    }

    private struct Entry {
        var bytes: ByteBuffer
        var lastUse: UInt64
    }

    let byteLimit: Int
    private var entries: [Key: Entry] = [:]
    private var storedBytes = 0
    private var useClock: UInt64 = 0
    /// Requests waiting for a render under way, by the picture they wait for.
    private var waiting: [Key: [CheckedContinuation<ByteBuffer, any Error>]] = [:]
    /// Renders under way whose drawing was purged meanwhile: their pictures are not kept.
    private var discarded: Set<Key> = []
    private(set) var statistics = Statistics()

    struct Statistics: Sendable, Equatable {
        var hits = 0
        var renders = 0
        /// Requests that waited for another request's render.
        var joined = 0
        var evictions = 0
    }

    init(byteLimit: Int) {
        self.byteLimit = byteLimit
    }

    var bytes: Int { storedBytes }
    var count: Int { entries.count }

    /// The cached picture for `key`, else the one a render under way produces, else the one
    /// `render` produces now. A failed render is not cached, and its waiters get its error.
    func picture(_ key: Key, render: @Sendable () async throws -> ByteBuffer) async throws -> ByteBuffer {
        useClock += 1
        if let entry = entries[key] {
            entries[key]?.lastUse = useClock
            statistics.hits += 1
            return entry.bytes
        }
        if waiting[key] != nil {
            statistics.joined += 1
            return try await withCheckedThrowingContinuation { waiting[key]?.append($0) }
        }
        waiting[key] = []
        statistics.renders += 1
        let result: Result<ByteBuffer, any Error>
        do {
            result = .success(try await render())
        } catch {
            result = .failure(error)
        }
        for waiter in waiting.removeValue(forKey: key) ?? [] { waiter.resume(with: result) }
        let keep = discarded.remove(key) == nil
        let bytes = try result.get()
        if keep { store(bytes, for: key) }
        return bytes
    }

    /// Forgets every picture that shows `drawingId`, whatever its format, size or revision, the
    /// albums that hold it included (the drawing was deleted). A render under way still answers
    /// its waiters, but is not kept.
    func purge(drawingId: String) {
        for key in entries.keys where key.drawingIds.contains(drawingId) {
            if let entry = entries.removeValue(forKey: key) { storedBytes -= entry.bytes.readableBytes }
        }
        for key in waiting.keys where key.drawingIds.contains(drawingId) { discarded.insert(key) }
    }

    /// The largest picture kept: an eighth of the cache, so one album of a long game cannot push
    /// out the hundreds of small pictures (widgets, thumbnails) asked for far more often.
    var entryLimit: Int { byteLimit / 8 }

    private func store(_ bytes: ByteBuffer, for key: Key) {
        guard bytes.readableBytes <= entryLimit else { return }
        useClock += 1
        entries[key] = Entry(bytes: bytes, lastUse: useClock)
        storedBytes += bytes.readableBytes
        // A linear search for the oldest: it runs only after a render, which costs far more.
        while storedBytes > byteLimit, let oldest = entries.min(by: { $0.value.lastUse < $1.value.lastUse }) {
            entries[oldest.key] = nil
            storedBytes -= oldest.value.bytes.readableBytes
            statistics.evictions += 1
        }
    }
}
