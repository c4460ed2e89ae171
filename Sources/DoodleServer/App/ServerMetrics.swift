import DoodleCore
import DoodleStorage
import Metrics
import Prometheus

/// The server's counters and gauges. Each application has its own Prometheus registry (no
/// process-wide bootstrap), so several servers can run in one test process.
struct ServerMetrics: Sendable {
    let registry: PrometheusCollectorRegistry
    private let connectionsGauge: Metrics.Gauge
    private let roomsGauge: Metrics.Gauge
    private let messagesIn: Metrics.Counter
    private let errorsOut: Metrics.Counter
    private let rateLimited: Metrics.Counter
    private let redirects: Metrics.Counter
    private let roomsRestored: Metrics.Counter
    private let checkpointsDropped: Metrics.Counter
    private let archiveSaved: Metrics.Gauge
    private let archiveQueued: Metrics.Gauge
    private let archiveFailures: Metrics.Gauge
    private let archiveParked: Metrics.Gauge
    private let outboundHeld: Metrics.Gauge
    private let pairRooms: Metrics.Gauge
    private let publicRooms: Metrics.Gauge
    private let quickPlayJoined: Metrics.Counter
    private let quickPlayOpened: Metrics.Counter
    private let pairDrawingsStored: Metrics.Counter
    private let pairStoreTime: Metrics.Timer
    private let notificationsSent: Metrics.Counter
    private let notificationFailures: Metrics.Counter
    private let notificationOutbox: Metrics.Gauge
    private let refusedOverAddressLimit: Metrics.Counter
    private let chatMessagesMasked: Metrics.Counter
    private let namesRefusedBlocked: Metrics.Counter
    private let namesRefusedMalformed: Metrics.Counter
    private let chatWordsMasked: Metrics.Counter
    private let devicesRevoked: Metrics.Counter
    /// For the parts that keep metrics of their own (the password hasher's pool).
    let factory: PrometheusMetricsFactory

    /// Why a WebSocket upgrade was refused.
    enum RefusalReason: String {
        /// The client's address holds `limits.connectionsPerAddress` connections already.
        case addressLimit = "address_limit"
    }

    /// How a sign-in proved who the player is.
    enum SignInMethod: String, Sendable {
        case oidc, password, link
    }

    /// Why a sign-in, registration or link was refused.
    enum SignInRefusal: String, Sendable {
        /// An ID token, password or link code that did not hold.
        case invalidCredentials = "invalid_credentials"
        case emailTaken = "email_taken"
        case weakPassword = "weak_password"
        /// The email's failed logins are over the limit.
        case lockedOut = "locked_out"
        /// The client address's attempts are over the limit.
        case rateLimited = "rate_limited"
        /// The password hasher was saturated.
        case busy
        /// The player is banned.
        case banned
    }

    init() {
        let registry = PrometheusCollectorRegistry()
        let factory = PrometheusMetricsFactory(registry: registry)
        self.registry = registry
        connectionsGauge = Metrics.Gauge(label: "doodle_connections", factory: factory)
        roomsGauge = Metrics.Gauge(label: "doodle_rooms", factory: factory)
        messagesIn = Metrics.Counter(label: "doodle_messages_received_total", factory: factory)
        errorsOut = Metrics.Counter(label: "doodle_errors_sent_total", factory: factory)
        rateLimited = Metrics.Counter(label: "doodle_rate_limited_total", factory: factory)
        redirects = Metrics.Counter(label: "doodle_redirects_total", factory: factory)
        roomsRestored = Metrics.Counter(label: "doodle_rooms_restored_total", factory: factory)
        checkpointsDropped = Metrics.Counter(label: "doodle_room_checkpoints_dropped_total", factory: factory)
        archiveSaved = Metrics.Gauge(label: "doodle_archive_saved_total", factory: factory)
        archiveQueued = Metrics.Gauge(label: "doodle_archive_queued", factory: factory)
        archiveFailures = Metrics.Gauge(label: "doodle_archive_failed_attempts_total", factory: factory)
        archiveParked = Metrics.Gauge(label: "doodle_archive_parked", factory: factory)
        outboundHeld = Metrics.Gauge(label: "doodle_outbound_queued_bytes", factory: factory)
        pairRooms = Metrics.Gauge(label: "doodle_pair_rooms", factory: factory)
        publicRooms = Metrics.Gauge(label: "doodle_public_rooms", factory: factory)
        quickPlayJoined = Metrics.Counter(label: "doodle_quick_play_seated_total", dimensions: [("room", "existing")], factory: factory)
        quickPlayOpened = Metrics.Counter(label: "doodle_quick_play_seated_total", dimensions: [("room", "opened")], factory: factory)
        pairDrawingsStored = Metrics.Counter(label: "doodle_pair_drawings_stored_total", factory: factory)
        pairStoreTime = Metrics.Timer(label: "doodle_pair_store_seconds", factory: factory)
        notificationsSent = Metrics.Counter(label: "doodle_notifications_sent_total", factory: factory)
        notificationFailures = Metrics.Counter(label: "doodle_notification_attempts_failed_total", factory: factory)
        notificationOutbox = Metrics.Gauge(label: "doodle_notification_outbox", factory: factory)
        refusedOverAddressLimit = Metrics.Counter(
            label: "doodle_connections_refused_total", dimensions: [("reason", RefusalReason.addressLimit.rawValue)], factory: factory)
        chatMessagesMasked = Metrics.Counter(label: "doodle_chat_masked_messages_total", factory: factory)
        namesRefusedBlocked = Metrics.Counter(label: "doodle_names_refused_total", dimensions: [("reason", "blocked_word")], factory: factory)
        namesRefusedMalformed = Metrics.Counter(label: "doodle_names_refused_total", dimensions: [("reason", "malformed")], factory: factory)
        chatWordsMasked = Metrics.Counter(label: "doodle_chat_masked_words_total", factory: factory)
        devicesRevoked = Metrics.Counter(label: "doodle_devices_revoked_total", factory: factory)
        self.factory = factory
    }

    func connectionsChanged(_ count: Int) { connectionsGauge.record(count) }
    func roomsChanged(_ count: Int) { roomsGauge.record(count) }
    /// A room came back from its checkpoint.
    func roomRestored() { roomsRestored.increment() }
    /// A checkpoint that could not become a room again was deleted (the log says why).
    func checkpointDropped() { checkpointsDropped.increment() }
    func messageReceived() { messagesIn.increment() }
    func errorSent() { errorsOut.increment() }
    func rateLimitHit() { rateLimited.increment() }
    /// A client sent to the node hosting its room (a join or a resume).
    func redirectSent() { redirects.increment() }
    func pairRoomsChanged(_ count: Int) { pairRooms.record(count) }
    /// Public rooms on this node.
    func publicRoomsChanged(_ count: Int) { publicRooms.record(count) }
    /// A quick player seated here, in a room that was open already or in one opened for it
    /// (their ratio says how well arrivals fill rooms).
    func quickPlayerSeated(openedRoom: Bool) { (openedRoom ? quickPlayOpened : quickPlayJoined).increment() }
    func connectionRefused(reason: RefusalReason) {
        switch reason {
        case .addressLimit: refusedOverAddressLimit.increment()
        }
    }
    /// A chat line went out with `words` blocked words masked (`settings.filter`).
    func chatMasked(words: Int) {
        chatMessagesMasked.increment()
        chatWordsMasked.increment(by: words)
    }
    /// A name was refused at `hello` or `rename`: for a blocked word, or empty, too long or
    /// holding control characters.
    func nameRefused(forBlockedWord: Bool) { (forBlockedWord ? namesRefusedBlocked : namesRefusedMalformed).increment() }
    /// A player signed in on a new device (or linked a way to sign in), by how it proved who it is.
    func signedIn(_ method: SignInMethod) {
        Metrics.Counter(label: "doodle_sign_ins_total", dimensions: [("method", method.rawValue)], factory: factory).increment()
    }
    /// A sign-in, registration or link was refused, and why.
    func signInRefused(_ reason: SignInRefusal) {
        Metrics.Counter(label: "doodle_sign_ins_refused_total", dimensions: [("reason", reason.rawValue)], factory: factory).increment()
    }
    /// A player removed one of its devices (`DELETE /v1/me/sessions/{id}`).
    func deviceRevoked() { devicesRevoked.increment() }
    func notificationSent() { notificationsSent.increment() }
    func notificationAttemptFailed() { notificationFailures.increment() }
    func notificationOutboxDepth(_ depth: Int) { notificationOutbox.record(depth) }

    /// A pair drawing was committed (`drawingSent` waits for this): how long the write took.
    func pairDrawingStored(after duration: Duration) {
        pairDrawingsStored.increment()
        pairStoreTime.recordNanoseconds(duration.components.seconds * 1_000_000_000 + duration.components.attoseconds / 1_000_000_000)
    }

    /// The storage writer keeps its own counters; they are copied in when metrics are read.
    func recordArchive(_ statistics: ArchiveWriterStatistics) {
        archiveSaved.record(statistics.saved)
        archiveQueued.record(statistics.queued)
        archiveFailures.record(statistics.failedAttempts)
        archiveParked.record(statistics.parked)
    }

    /// The outbound buffers' bytes and the server's closes by code are counted where they
    /// happen; they are copied in when metrics are read.
    func recordOutbound(_ budget: OutboundBudget) {
        outboundHeld.record(budget.heldBytes)
        for (code, count) in budget.closesByCode {
            Metrics.Gauge(label: "doodle_connections_closed_total", dimensions: [("code", "\(code.rawValue)")], factory: factory)
                .record(count)
        }
    }

    /// The picture cache keeps its own counters; they are copied in when metrics are read.
    func recordPictureCache(_ statistics: PictureCache.Statistics, entries: Int, bytes: Int) {
        gauge("doodle_picture_cache_hits_total").record(statistics.hits)
        gauge("doodle_picture_cache_misses_total").record(statistics.renders)
        gauge("doodle_picture_cache_joined_total").record(statistics.joined)
        gauge("doodle_picture_cache_evictions_total").record(statistics.evictions)
        gauge("doodle_picture_cache_entries").record(entries)
        gauge("doodle_picture_cache_bytes").record(bytes)
    }

    /// The widgets' latest-head cache keeps its own counters; they are copied in when metrics are read.
    func recordLatestHeads(_ statistics: (counts: LatestHeadTable.Statistics, entries: Int)) {
        gauge("doodle_widget_head_cache_hits_total").record(statistics.counts.hits)
        gauge("doodle_widget_head_cache_misses_total").record(statistics.counts.misses)
        gauge("doodle_widget_head_cache_evictions_total").record(statistics.counts.evictions)
        gauge("doodle_widget_head_cache_invalidations_total").record(statistics.counts.invalidations)
        gauge("doodle_widget_head_cache_refused_stale_total").record(statistics.counts.refusedStale)
        gauge("doodle_widget_head_cache_entries").record(statistics.entries)
    }

    /// Open reports and bans in force, counted in storage when metrics are read.
    func recordModeration(_ counts: ModerationCounts) {
        gauge("doodle_reports_open").record(counts.openReports)
        gauge("doodle_bans_active").record(counts.activeBans)
    }

    private func gauge(_ label: String) -> Metrics.Gauge {
        Metrics.Gauge(label: label, factory: factory)
    }

    /// The Prometheus text exposition of every metric.
    func exposition() -> String {
        var bytes: [UInt8] = []
        registry.emit(into: &bytes)
        return String(decoding: bytes, as: UTF8.self)
    }
}
