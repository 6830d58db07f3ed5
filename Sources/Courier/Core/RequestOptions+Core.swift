/// How long a transport waits for a request before failing with ``NetworkError/Kind/timedOut``.
enum TimeoutOptionKey: RequestOptionKey {
    static let defaultValue: Duration? = nil
}

/// Whether the timeout was written by a `timingOut` layer (see `RequestOptions.timeoutIsFromLayer`).
enum TimeoutFromLayerOptionKey: RequestOptionKey {
    static let defaultValue = false
}

/// The largest body Courier buffers for one response.
enum MaxResponseBodySizeOptionKey: RequestOptionKey {
    static let defaultValue = RequestOptions.defaultMaxResponseBodySize
}

/// How secrets are hidden when the request is printed.
enum RedactorOptionKey: RequestOptionKey {
    static let defaultValue = Redactor.default
}

extension RequestOptions {
    /// 32 MiB: enough for any JSON API, small enough that a runaway or malicious body fails fast.
    public static let defaultMaxResponseBodySize = 32 * 1024 * 1024

    /// The longest one exchange may take, from sending the request until the whole response has
    /// arrived, before the transfer is stopped with ``NetworkError/Kind/timedOut``; `nil` leaves the
    /// transport's own default (for ``URLSessionTransport``, an idle timeout of
    /// ``URLSessionTransport/Configuration/timeout``).
    ///
    /// Set on one request, it also replaces the limit of the client's outermost
    /// ``Client/timingOut(after:clock:)`` for that request.
    public var timeout: Duration? {
        get { self[TimeoutOptionKey.self] }
        set {
            self[TimeoutOptionKey.self] = newValue
            timeoutIsFromLayer = false
        }
    }

    /// Whether ``timeout`` was written by a `timingOut` layer rather than by the caller.
    package var timeoutIsFromLayer: Bool {
        get { self[TimeoutFromLayerOptionKey.self] }
        set { self[TimeoutFromLayerOptionKey.self] = newValue }
    }

    /// The largest response body, in bytes, that a `Client` buffers when it sends an ``Endpoint``; more fails
    /// with ``NetworkError/Kind/bodyTooLarge`` and the transfer stops at once. A body read as a stream
    /// (`for try await chunk in response.body`) is not limited by it.
    public var maxResponseBodySize: Int {
        get { self[MaxResponseBodySizeOptionKey.self] }
        set {
            precondition(newValue >= 0, "maxResponseBodySize must not be negative")
            self[MaxResponseBodySizeOptionKey.self] = newValue
        }
    }

    /// Which headers and query parameters are hidden when this request, its response or its error is
    /// printed. ``Redactor/default`` unless set.
    public var redactor: Redactor {
        get { self[RedactorOptionKey.self] }
        set { self[RedactorOptionKey.self] = newValue }
    }
}
