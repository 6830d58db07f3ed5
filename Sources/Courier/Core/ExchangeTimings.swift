/// When each phase of one exchange ended, as its transport saw it: each milestone is the time from the moment
/// the transport began the exchange, each span the length of a connection phase.
///
/// ```swift
/// let response = try await client.send(request)
/// _ = try await response.body.collect(upTo: 1 << 20)
/// if let timings = response.timings {
///     print(timings)   // connection 0.4 ms (reused), sent 0.6 ms, first byte 212.3 ms, body end 214.0 ms (h2)
/// }
/// ```
///
/// A transport reports what it can observe and leaves the rest `nil`:
///
/// | | `AsyncHTTPClientTransport` | `URLSessionTransport` |
/// | --- | --- | --- |
/// | ``connectionReady`` | yes on HTTP/1 (the pool names the connection it chose) | `nil` |
/// | ``reusedConnection`` | yes on HTTP/1 | from `URLSessionTaskMetrics` on Apple platforms; `nil` on Linux |
/// | ``dnsLookup``, ``connecting``, ``tlsHandshake`` | `nil`: AsyncHTTPClient has no hook for them; a new connection's set-up is inside ``connectionReady`` | from `URLSessionTaskMetrics` on Apple platforms; `nil` on Linux, where FoundationNetworking fills no transaction metrics (measured) |
/// | ``requestSent`` | when the request has a timeout, a streamed body or watched upload progress (its delegate API); `nil` otherwise | for a request with a body, when its last byte was handed over |
/// | ``responseStart``, ``bodyEnd`` | yes (see ``responseStart``) | yes |
/// | ``networkProtocol`` | yes | from `URLSessionTaskMetrics` on Apple platforms; `nil` on Linux |
///
/// The timings are a snapshot: ``ClientResponse/timings`` read before the body's end arrived has no
/// ``bodyEnd``. A response that no exchange produced (a cache hit, a stub) has none at all.
public struct ExchangeTimings: Sendable, Hashable, CustomStringConvertible {
    /// Until the transport had a connection to write on: the wait for a pooled one, or the set-up of a new one.
    public var connectionReady: Duration?
    /// Whether that connection had carried an earlier exchange.
    public var reusedConnection: Bool?
    /// How long looking up the host's address took, for a new connection.
    public var dnsLookup: Duration?
    /// How long the TCP connection took to open, for a new connection.
    public var connecting: Duration?
    /// How long the TLS handshake took, for a new connection.
    public var tlsHandshake: Duration?
    /// Until the request — its head and its body — was written.
    public var requestSent: Duration?
    /// Until the response head arrived: the server's first byte, as near as the transport can tell.
    /// `AsyncHTTPClientTransport` marks it on its event loop for a request it sends through AsyncHTTPClient's
    /// delegate API (one with a timeout, a streamed body or upload progress); otherwise when its task resumes
    /// with the head, which a busy cooperative thread pool can delay.
    public var responseStart: Duration?
    /// Until the last byte of the body arrived; `nil` before that. `AsyncHTTPClientTransport`, which slows the
    /// server down to the reader's pace, marks it when the reader reaches the end.
    public var bodyEnd: Duration?
    /// The protocol the exchange used, as ALPN names it (`URLSessionTaskTransactionMetrics.networkProtocolName`
    /// names it the same way): `http/1.1`, `http/1.0` or `h2`. `AsyncHTTPClientTransport` always knows it;
    /// `URLSessionTransport` on Apple platforms from its metrics, on Linux never.
    public var networkProtocol: String?

    /// Creates timings; transports and tests fill what they know.
    public init(
        connectionReady: Duration? = nil, reusedConnection: Bool? = nil, dnsLookup: Duration? = nil, connecting: Duration? = nil,
        tlsHandshake: Duration? = nil, requestSent: Duration? = nil, responseStart: Duration? = nil, bodyEnd: Duration? = nil,
        networkProtocol: String? = nil
    ) {
        self.connectionReady = connectionReady
        self.reusedConnection = reusedConnection
        self.dnsLookup = dnsLookup
        self.connecting = connecting
        self.tlsHandshake = tlsHandshake
        self.requestSent = requestSent
        self.responseStart = responseStart
        self.bodyEnd = bodyEnd
        self.networkProtocol = networkProtocol
    }

    /// The known phases, in order, with their lengths: each milestone's time since the one before it that
    /// is known, and each connection span as it is. What metrics and traces record.
    public var phases: [(name: String, duration: Duration)] {
        var phases: [(String, Duration)] = []
        var previous = Duration.zero
        func milestone(_ name: String, _ value: Duration?) {
            guard let value else { return }
            phases.append((name, max(.zero, value - previous)))
            previous = value
        }
        if let dnsLookup { phases.append(("dns", dnsLookup)) }
        if let connecting { phases.append(("connect", connecting)) }
        if let tlsHandshake { phases.append(("tls", tlsHandshake)) }
        milestone("connection", connectionReady)
        milestone("request", requestSent)
        milestone("first-byte", responseStart)
        milestone("body", bodyEnd)
        return phases
    }

    /// One line, the known phases in order, then the protocol: `connection 0.4 ms (reused), sent 0.6 ms, first
    /// byte 212.3 ms (http/1.1)`.
    public var description: String {
        func ms(_ duration: Duration) -> String { "\(duration.milliseconds) ms" }
        var parts: [String] = []
        if let dnsLookup { parts.append("dns \(ms(dnsLookup))") }
        if let connecting { parts.append("connect \(ms(connecting))") }
        if let tlsHandshake { parts.append("tls \(ms(tlsHandshake))") }
        if let connectionReady {
            parts.append("connection \(ms(connectionReady))" + (reusedConnection.map { $0 ? " (reused)" : " (new)" } ?? ""))
        } else if let reusedConnection {
            parts.append(reusedConnection ? "reused connection" : "new connection")
        }
        if let requestSent { parts.append("sent \(ms(requestSent))") }
        if let responseStart { parts.append("first byte \(ms(responseStart))") }
        if let bodyEnd { parts.append("body end \(ms(bodyEnd))") }
        guard !parts.isEmpty else { return networkProtocol.map { "no timings (\($0))" } ?? "no timings" }
        return parts.joined(separator: ", ") + (networkProtocol.map { " (\($0))" } ?? "")
    }
}

/// The timings of one exchange as they come in: a transport makes one as it begins, marks each milestone
/// from whatever thread observes it, and sets it on the response (``ClientResponse/timeline``);
/// ``ClientResponse/timings`` reads it. Public, so that a transport of your own reports timings the way the
/// built-in ones do.
///
/// ```swift
/// let timeline = ExchangeTimeline()
/// // … once the connection is ready: timeline.mark(.connectionReady), and so on
/// var response = ClientResponse(head: head, body: body, request: request)
/// response.timeline = timeline
/// ```
public final class ExchangeTimeline: Sendable {
    private let start = ContinuousClock.now
    private let state = Locked(State())

    private struct State {
        var timings = ExchangeTimings()
        /// What ``whenBodyEnds(_:)`` asked to run at the body's end, composed into one.
        var atBodyEnd: (@Sendable (ExchangeTimings) -> Void)?
    }

    /// Starts the clock of one exchange: every milestone is measured from now.
    public init() {}

    /// The milestones a transport marks.
    public enum Milestone: Sendable {
        /// A connection is ready to write on: ``ExchangeTimings/connectionReady``.
        case connectionReady
        /// The request's last byte was written: ``ExchangeTimings/requestSent``.
        case requestSent
        /// The response head arrived: ``ExchangeTimings/responseStart``.
        case responseStart
        /// The body's last byte arrived: ``ExchangeTimings/bodyEnd``.
        case bodyEnd
    }

    /// Marks `milestone` now. A request the transport sent once more (a stale pooled connection) marks its
    /// connection and its sending again: the last attempt's are the ones that led to the response.
    public func mark(_ milestone: Milestone) {
        let elapsed = ContinuousClock.now - start
        update { timings in
            switch milestone {
            case .connectionReady: timings.connectionReady = elapsed
            case .requestSent: timings.requestSent = elapsed
            case .responseStart: timings.responseStart = elapsed
            case .bodyEnd: timings.bodyEnd = elapsed
            }
        }
    }

    /// Changes what the transport learnt beyond its own milestones (connection reuse, a platform's metrics).
    /// Setting ``ExchangeTimings/bodyEnd`` runs what ``whenBodyEnds(_:)`` was given.
    public func update(_ change: (inout ExchangeTimings) -> Void) {
        let ended: (action: @Sendable (ExchangeTimings) -> Void, timings: ExchangeTimings)? = state.withLock { state in
            change(&state.timings)
            guard state.timings.bodyEnd != nil, let action = state.atBodyEnd else { return nil }
            state.atBodyEnd = nil
            return (action, state.timings)
        }
        // Outside the lock: the action may read the timeline again.
        if let ended { ended.action(ended.timings) }
    }

    /// What is known now.
    public var snapshot: ExchangeTimings {
        state.withLock { $0.timings }
    }

    /// Runs `action` with the timings once the body's last byte has arrived (``Milestone/bodyEnd``): at once when
    /// it already has; never when the body is not read to its end. What a layer that sees only the response head
    /// uses to record the body's phase (``Client/reportingMetrics(to:names:clock:)`` does).
    public func whenBodyEnds(_ action: @escaping @Sendable (ExchangeTimings) -> Void) {
        let ended: ExchangeTimings? = state.withLock { state in
            if state.timings.bodyEnd != nil { return state.timings }
            if let earlier = state.atBodyEnd {
                state.atBodyEnd = { earlier($0); action($0) }
            } else {
                state.atBodyEnd = action
            }
            return nil
        }
        if let ended { action(ended) }
    }
}
