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

    init() {
        let registry = PrometheusCollectorRegistry()
        let factory = PrometheusMetricsFactory(registry: registry)
        self.registry = registry
        connectionsGauge = Metrics.Gauge(label: "doodle_connections", factory: factory)
        roomsGauge = Metrics.Gauge(label: "doodle_rooms", factory: factory)
        messagesIn = Metrics.Counter(label: "doodle_messages_received_total", factory: factory)
        errorsOut = Metrics.Counter(label: "doodle_errors_sent_total", factory: factory)
        rateLimited = Metrics.Counter(label: "doodle_rate_limited_total", factory: factory)
    }

    func connectionsChanged(_ count: Int) { connectionsGauge.record(count) }
    func roomsChanged(_ count: Int) { roomsGauge.record(count) }
    func messageReceived() { messagesIn.increment() }
    func errorSent() { errorsOut.increment() }
    func rateLimitHit() { rateLimited.increment() }

    /// The Prometheus text exposition of every metric.
    func exposition() -> String {
        var bytes: [UInt8] = []
        registry.emit(into: &bytes)
        return String(decoding: bytes, as: UTF8.self)
    }
}
