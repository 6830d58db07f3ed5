/// Starts the time line of each request and reports it when the response head is back.
struct Instrumenting<C: Clock<Duration>>: Middleware {
    let clock: C
    let report: @Sendable (RequestInstrumentation) -> Void

    func send(_ request: ClientRequest, next: Next) async throws -> ClientResponse {
        // Always a new time line: a request re-sent from `response.request` carries its old one.
        let recorder = InstrumentationRecorder(request: request, clock: clock)
        var request = request
        request.options.instrumentationRecorder = recorder
        request.options.measuredSegment = nil
        do {
            let response = try await next(request)
            recorder.finish(sent: response.request, status: response.status, failure: nil, timeline: response.timeline)
            report(recorder.report)
            return response
        } catch {
            let failure = NetworkError.wrapping(error, request: request)
            recorder.finish(sent: failure.request, status: nil, failure: failure.kind)
            report(recorder.report)
            throw error
        }
    }
}

/// Records the time a request spends in the layers it wraps, under a name.
struct Measuring: Middleware {
    let name: String

    func send(_ request: ClientRequest, next: Next) async throws -> ClientResponse {
        guard let recorder = request.options.instrumentationRecorder else { return try await next(request) }
        let segment = recorder.enter(name, parent: request.options.measuredSegment)
        defer { recorder.leave(segment) }
        var request = request
        request.options.measuredSegment = segment
        return try await next(request)
    }
}

extension ClientResponse {
    /// Where the time of the request went, when the client was ``Client/instrumented(clock:report:)``.
    public var instrumentation: RequestInstrumentation? {
        request.options.instrumentationRecorder?.report
    }
}

extension Client {
    /// A client that times every request: in total until the response head, and inside each layer
    /// marked with ``measured(as:)`` below it. The result is on ``ClientResponse/instrumentation``
    /// and is passed to `report` when the request is over, failed or not.
    ///
    /// Add it outermost, and mark the layers you care about, the transport included:
    ///
    /// ```swift
    /// let client = Client(transport: URLSessionTransport())
    ///     .measured(as: "transport")
    ///     .retrying().measured(as: "retry")
    ///     .authorizing(with: credential).measured(as: "auth")
    ///     .instrumented { print($0) }
    /// ```
    ///
    /// - Parameters:
    ///   - clock: measures the time.
    ///   - report: called once per request with its ``RequestInstrumentation``.
    public func instrumented(
        clock: some Clock<Duration> = ContinuousClock(),
        report: @escaping @Sendable (RequestInstrumentation) -> Void = { _ in }
    ) -> Client {
        with(Instrumenting(clock: ErasedClock(clock), report: report))
    }

    /// A client that records, under `name`, the time a request spends in this client: the layer just
    /// added and everything below it. ``RequestInstrumentation/Segment/ownTime`` subtracts the measured
    /// layers below, so marking each layer shows what each one costs. Does nothing unless an
    /// ``instrumented(clock:report:)`` layer is outside it.
    public func measured(as name: String) -> Client {
        with(Measuring(name: name))
    }
}
