import AsyncHTTPClient
import DoodleStorage
import Foundation
import NIOHTTP1
import Logging
import NIOCore
import ServiceLifecycle

/// Sends what waits in the notification outbox to the push service: each event POSTed as JSON
/// with its `Idempotency-Key` (and signature), retried with backoff until a 2xx, in order per
/// recipient. It runs beside the rooms, never on their path: rooms only write the outbox rows.
/// What is not sent when the server stops stays in the outbox for the next start.
struct NotificationSender: Service, CustomStringConvertible {
    var description: String { "NotificationSender" }

    let outbox: any NotificationOutbox
    let settings: NotificationSettings
    let clock: any GameClock
    let metrics: ServerMetrics
    let logger: Logger
    /// How often an idle sender looks for new events.
    static let pollMilliseconds: Int64 = 200
    /// Events sent at once (one per recipient).
    static let batch = 32

    func run() async throws {
        let client = HTTPClient(eventLoopGroupProvider: .singleton, configuration: .init(timeout: .init(connect: .seconds(5), read: .seconds(10))))
        let signature = settings.secret.map(WebhookSignature.init(secret:))
        let schedule = RetrySchedule(
            firstDelayMilliseconds: settings.firstRetryDelayMilliseconds, maxDelayMilliseconds: settings.maxRetryDelayMilliseconds)
        await cancelWhenGracefulShutdown {
            while !Task.isCancelled {
                await sendDue(client: client, signature: signature, schedule: schedule)
                try? await Task.sleep(for: .milliseconds(await pause()))
            }
        }
        try await client.shutdown()
    }

    /// Sends every recipient's oldest due event, side by side.
    private func sendDue(client: HTTPClient, signature: WebhookSignature?, schedule: RetrySchedule) async {
        do {
            let due = try await outbox.due(now: clock.nowMillis(), limit: Self.batch)
            await withTaskGroup(of: Void.self) { group in
                for item in due {
                    group.addTask { await send(item, client: client, signature: signature, schedule: schedule) }
                }
            }
            metrics.notificationOutboxDepth(try await outbox.depth())
        } catch {
            logger.error("reading the notification outbox failed", metadata: ["error": "\(error)"])
        }
    }

    private func send(_ item: QueuedNotification, client: HTTPClient, signature: WebhookSignature?, schedule: RetrySchedule) async {
        var request = HTTPClientRequest(url: settings.url)
        request.method = .POST
        request.headers.add(name: "Content-Type", value: "application/json")
        request.headers.add(name: "Idempotency-Key", value: item.key)
        if let signature { request.headers.add(name: "X-Doodle-Signature", value: signature.header(for: item.body)) }
        request.body = .bytes(ByteBuffer(string: item.body))
        let failure: String
        do {
            let response = try await client.execute(request, timeout: .seconds(10))
            _ = try? await response.body.collect(upTo: 64 * 1024)
            if (200..<300).contains(response.status.code) {
                try await outbox.delivered(item.id)
                metrics.notificationSent()
                return
            }
            failure = "HTTP \(response.status.code)"
        } catch {
            failure = "\(error)"
        }
        metrics.notificationAttemptFailed()
        // The count and the times below are the database's: a corrupt row must not trap the sender.
        let attempts = item.attempts == .max ? item.attempts : item.attempts + 1
        var generator = SystemRandomNumberGenerator()
        let next = clock.nowMillis() + schedule.delay(afterAttempts: attempts, using: &generator)
        logger.info(
            "a notification was not taken; trying again later",
            metadata: ["key": "\(item.key)", "attempts": "\(attempts)", "reason": "\(failure)"])
        do {
            try await outbox.failed(item.id, attempts: attempts, nextAttemptAt: next, error: failure)
        } catch {
            logger.error("recording a failed notification failed", metadata: ["error": "\(error)"])
        }
    }

    /// Until the next event is due, at most the poll interval.
    private func pause() async -> Int64 {
        guard let next = try? await outbox.nextAttemptAt() else { return Self.pollMilliseconds }
        let (wait, overflow) = next.subtractingReportingOverflow(clock.nowMillis())
        return overflow ? Self.pollMilliseconds : min(max(wait, 10), Self.pollMilliseconds)
    }
}
