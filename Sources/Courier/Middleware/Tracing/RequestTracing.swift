import HTTPTypes
import Tracing

/// Wraps each request in a client span and propagates its context in the outgoing header fields.
struct RequestTracing<T: Tracer>: Middleware {
    let tracer: T

    func send(_ request: ClientRequest, next: Next) async throws -> ClientResponse {
        let context = ServiceContext.current ?? .topLevel
        let span = tracer.startSpan(request.method.rawValue, context: context, ofKind: .client)
        Self.describe(request, on: span)
        var request = request
        // The tracer's instrument writes its propagation format (W3C `traceparent` for OpenTelemetry).
        tracer.inject(span.context, into: &request.head.headerFields, using: HTTPFieldsInjector())
        request.options.retryListeners.append { @Sendable (attempt: Int) in
            span.addEvent(SpanEvent(name: "http.request.retry", attributes: ["http.request.resend_count": .int64(Int64(attempt - 1))]))
            span.attributes["http.request.resend_count"] = Int64(attempt - 1)
        }
        let response: ClientResponse
        let sent = request
        do {
            response = try await ServiceContext.withValue(span.context) {
                try await next(request)
            }
        } catch {
            Self.record(error, of: request, on: span)
            span.end()
            throw error
        }
        let status = response.status
        span.attributes["http.response.status_code"] = Int64(status.code)
        if status.code >= 400 {
            // OpenTelemetry: on a client span every 4xx and 5xx is an error.
            span.attributes["error.type"] = "\(status.code)"
            span.setStatus(SpanStatus(code: .error))
        }
        if let length = response.head.headerFields[.contentLength], let bytes = Int64(length) {
            span.attributes["http.response.body.size"] = bytes
        }
        var observed = response
        let timeline = response.timeline
        observed.body = response.body.observing { _, ending in
            if case .failed(let error) = ending {
                Self.record(error, of: sent, on: span)
            }
            if let timings = timeline?.snapshot {
                Self.record(timings, on: span)
            }
            span.end()
        }
        return observed
    }

    /// One event per phase the transport observed (`http.phase.connection`, `http.phase.first-byte`, …), each
    /// with its length in seconds, and whether the connection was reused.
    private static func record(_ timings: ExchangeTimings, on span: T.Span) {
        for phase in timings.phases {
            let (seconds, attoseconds) = phase.duration.components
            span.addEvent(SpanEvent(name: "http.phase.\(phase.name)", attributes: ["duration_s": .double(Double(seconds) + Double(attoseconds) / 1e18)]))
        }
        if let reused = timings.reusedConnection {
            span.attributes["http.connection.reused"] = reused
        }
    }

    /// Marks `span` as failed by `error`, whether the exchange failed before its head or while its body
    /// was read: OpenTelemetry's `error.type` (the kind's name), the error event, and the error status.
    private static func record(_ error: any Error, of request: ClientRequest, on span: T.Span) {
        let failure = NetworkError.wrapping(error, request: request)
        span.attributes["error.type"] = failure.kind.name
        span.recordError(failure)
        span.setStatus(SpanStatus(code: .error, message: failure.kind.description))
    }

    /// The OpenTelemetry HTTP client attributes known before sending.
    private static func describe(_ request: ClientRequest, on span: T.Span) {
        span.attributes["http.request.method"] = request.method.rawValue
        span.attributes["url.full"] = request.redactedURL
        if let scheme = request.head.scheme {
            span.attributes["url.scheme"] = scheme
        }
        if let authority = request.head.authority {
            let (host, port) = Self.split(authority, scheme: request.head.scheme)
            span.attributes["server.address"] = host
            if let port { span.attributes["server.port"] = Int64(port) }
        }
        if request.options.attempt > 1 {
            span.attributes["http.request.resend_count"] = Int64(request.options.attempt - 1)
        }
    }

    /// `host` and `port` from an authority (`[::1]:8080`, `example.com`), the port defaulting by scheme.
    private static func split(_ authority: String, scheme: String?) -> (String, Int?) {
        let hostEnd = authority.hasPrefix("[") ? authority.firstIndex(of: "]").map(authority.index(after:)) : nil
        let searchFrom = hostEnd ?? authority.startIndex
        if let colon = authority[searchFrom...].lastIndex(of: ":"), let port = Int(authority[authority.index(after: colon)...]) {
            return (String(authority[..<colon]), port)
        }
        return (authority, scheme == "https" ? 443 : scheme == "http" ? 80 : nil)
    }
}

/// Writes propagation values as header fields; a key that is not a valid field name is skipped.
struct HTTPFieldsInjector: Injector {
    func inject(_ value: String, forKey key: String, into carrier: inout HTTPFields) {
        guard let name = HTTPField.Name(key) else { return }
        carrier[name] = value
    }
}

extension Client {
    /// A client that traces every request with swift-distributed-tracing: one client span per request
    /// that passes through it, named after the method, with the OpenTelemetry HTTP client attributes
    /// (`http.request.method`, `url.full` redacted, `server.address`, `server.port`,
    /// `http.response.status_code`, `error.type`, `http.request.resend_count`), an
    /// `http.request.retry` event for each further attempt made by a layer inside it, and the span's
    /// context injected into the request's header fields by the tracer (a W3C `traceparent` for
    /// OpenTelemetry). The span ends when the response body has been read, or on failure.
    ///
    /// This layer is the only tracing over `AsyncHTTPClientTransport`: the `HTTPClient` the transport
    /// makes has AsyncHTTPClient's own tracing off, so each request has one span and one `traceparent`.
    ///
    /// Put it outside ``retrying(_:clock:)`` for one span per logical request:
    ///
    /// ```swift
    /// let client = Client(transport: URLSessionTransport())
    ///     .retrying()
    ///     .tracing(with: tracer)
    /// ```
    public func tracing(with tracer: some Tracer) -> Client {
        with(RequestTracing(tracer: tracer))
    }

    /// A client traced by the tracer the application bootstrapped (`InstrumentationSystem.bootstrap`);
    /// without one, a no-op tracer. See ``tracing(with:)``.
    public func tracing() -> Client {
        tracing(with: InstrumentationSystem.tracer)
    }
}
