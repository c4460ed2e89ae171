import Metrics
import Prometheus

/// What the password-hashing pool reports: `doodle_password_hashes_running` and
/// `doodle_password_hashes_waiting` (gauges) and `doodle_password_hashes_refused_total` (calls
/// refused as busy). A login flood shows here before it shows anywhere else.
struct PasswordHashingMetrics: Sendable {
    private let running: Metrics.Gauge
    private let waiting: Metrics.Gauge
    private let refusals: Metrics.Counter

    init(factory: any MetricsFactory) {
        running = Metrics.Gauge(label: "doodle_password_hashes_running", factory: factory)
        waiting = Metrics.Gauge(label: "doodle_password_hashes_waiting", factory: factory)
        refusals = Metrics.Counter(label: "doodle_password_hashes_refused_total", factory: factory)
    }

    func record(_ occupancy: PasswordHashingPool.Occupancy) {
        running.record(occupancy.running)
        waiting.record(occupancy.waiting)
    }

    func refused() { refusals.increment() }
}

extension ServerMetrics {
    /// The password-hashing metrics, in this server's registry beside the others.
    var passwordHashing: PasswordHashingMetrics {
        PasswordHashingMetrics(factory: PrometheusMetricsFactory(registry: registry))
    }
}
