import Courier
import Logging

/// Which pooled connection AsyncHTTPClient gave one exchange, and whether this transport had sent on it
/// before: what decides that a request the connection dropped unanswered may go out once more (RELIABILITY
/// A2, A5).
///
/// NOTE: AsyncHTTPClient 1.37 has no public hook that names a request's connection. It does tag the
/// request's logger with `ahc-connection-id` when it schedules the request on an HTTP/1 connection, and it
/// sets the tag through the log handler's metadata subscript whatever the log level. ``logger`` is a logger
/// at `.critical`, so AsyncHTTPClient formats none of its messages for it (it logs nothing above `.debug`
/// per request); its handler only notes the tag. A release that stopped tagging would make every `http`
/// request look as if it never reached a connection: `HostileServerTests`' test that a GET whose new
/// connection closed unanswered is sent once would then fail.
final class ConnectionSighting: Sendable {
    private let state = Locked(Outcome.none)
    private let connections: SeenConnections
    private let timeline: ExchangeTimeline

    /// What AsyncHTTPClient said of the exchange's connection.
    enum Outcome {
        /// A connection this transport had sent on before.
        case reused
        /// A connection this exchange was the first to use.
        case new
        /// None: the request never reached an HTTP/1 connection's handler.
        case none
    }

    init(in connections: SeenConnections, timeline: ExchangeTimeline) {
        self.connections = connections
        self.timeline = timeline
    }

    /// A logger to hand AsyncHTTPClient with the request.
    var logger: Logger {
        Logger(label: "courier.connection-sighting") { _ in SightingHandler(sighting: self) }
    }

    /// What is known of the connection the exchange was last given.
    var outcome: Outcome {
        state.withLock { $0 }
    }

    /// Notes that AsyncHTTPClient scheduled the request on connection `id`.
    fileprivate func scheduled(on id: Int) {
        let reused = connections.sight(id)
        // A redirect AsyncHTTPClient followed, or a retry of its own, may schedule the request again: the last
        // connection is the one whose failure is reported.
        state.withLock { $0 = reused ? .reused : .new }
        timeline.mark(.connectionReady)
        timeline.update { $0.reusedConnection = reused }
    }
}

/// The connections a transport has sent on, by AsyncHTTPClient's connection ID (unique in the process).
///
/// NOTE: bounded. Past `limit` IDs the lower half goes; a connection forgotten that way and used again
/// counts as new, so its dropped request is not replayed: the safe side of the mistake.
final class SeenConnections: Sendable {
    private let ids = Locked(Set<Int>())
    private let limit: Int

    init(limit: Int = 4096) {
        self.limit = limit
    }

    /// Records connection `id`; whether it had been seen before.
    func sight(_ id: Int) -> Bool {
        ids.withLock { ids in
            if ids.contains(id) { return true }
            if ids.count >= limit {
                let kept = ids.sorted().suffix(limit / 2)
                ids = Set(kept)
            }
            ids.insert(id)
            return false
        }
    }
}

/// The log handler behind ``ConnectionSighting/logger``: it writes nothing and reads one metadata tag.
private struct SightingHandler: LogHandler {
    let sighting: ConnectionSighting
    var metadata: Logger.Metadata = [:]
    var logLevel: Logger.Level {
        get { .critical }
        set {}  // AsyncHTTPClient never lowers it; a lower level would only make it format messages for nothing.
    }

    subscript(metadataKey key: String) -> Logger.Metadata.Value? {
        get { metadata[key] }
        set {
            if key == "ahc-connection-id", let value = newValue, let id = Int(value.description) {
                sighting.scheduled(on: id)
            }
            // Only what AsyncHTTPClient reads back is kept: it reads none of it, so nothing is.
        }
    }

    func log(event: LogEvent) {}
}
