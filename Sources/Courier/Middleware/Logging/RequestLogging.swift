import Foundation
import HTTPTypes
import Logging

/// Writes one line when a request is handed on and one when its response is over, through swift-log: an
/// ``ExchangeObserver``, since it only watches.
struct RequestLogging<C: Clock<Duration>>: ExchangeObserver {
    let logger: Logger
    let configuration: LoggingConfiguration
    let clock: C
    /// The most severe level this layer writes at: a logger set above it would write none of its lines.
    private let mostSevereLevel: Logger.Level

    init(logger: Logger, configuration: LoggingConfiguration, clock: C) {
        self.logger = logger
        self.configuration = configuration
        self.clock = clock
        var levels = [configuration.started, configuration.finished, configuration.unsuccessful, configuration.failed]
        if case .text = configuration.bodies { levels.append(configuration.bodyLevel) }
        if let cURLLevel = configuration.cURLLevel { levels.append(cURLLevel) }
        mostSevereLevel = levels.max() ?? .critical
    }

    /// What the end line needs of the start.
    struct Observation: Sendable {
        let tag: String
        let text: String
        let metadata: Logger.Metadata
        /// The request as logged: with the configuration's redactor.
        let shown: ClientRequest
        let start: C.Instant
    }

    func willSend(_ request: inout ClientRequest) -> Observation? {
        // Nothing this layer could write passes the logger's level: no URL is redacted, nothing is built.
        guard logger.logLevel <= mostSevereLevel else { return nil }
        var shown = request
        if let redactor = configuration.redactor {
            shown.options.redactor = redactor
        }
        let tag = shown.options.number.map { "#\($0) " } ?? ""
        let text = "\(shown.method.rawValue) \(shown.redactedURL)"
        let metadata = Self.metadata(of: shown)
        if logger.logLevel <= configuration.started {
            logger.log(level: configuration.started, "\(tag)--> \(text)\(Self.attemptNote(shown))", metadata: metadata)
        }
        // NOTE: the command alone, without the `#7` tag, so that the message pastes into a shell as it is.
        if let cURLLevel = configuration.cURLLevel, logger.logLevel <= cURLLevel {
            logger.log(level: cURLLevel, "\(CURLLogLine.text(for: shown))", metadata: metadata)
        }
        if let limit = bodyLimit(at: configuration.bodyLevel), let data = request.body.bufferedData, !data.isEmpty,
           TextPreview.isText(contentType: request.head.headerFields[.contentType]),
           let preview = TextPreview.render(data, total: Int64(data.count), limit: limit, redactor: shown.options.redactor) {
            logger.log(level: configuration.bodyLevel, "\(tag)--> body (\(data.count) bytes): \(preview)", metadata: metadata)
        }
        return Observation(tag: tag, text: text, metadata: metadata, shown: shown, start: clock.now)
    }

    func exchange(_ observation: Observation, ended end: ExchangeEnd) {
        ended(observation, end, captured: nil)
    }

    /// The end line (and the response body's line, when `captured` holds its start).
    func ended(_ observation: Observation, _ end: ExchangeEnd, captured: PrefixCapture?) {
        let elapsed = observation.start.duration(to: clock.now)
        switch end {
        case .failed(let error):
            let failure = shownWithConfiguredRedactor(error, observation)
            var failed = observation.metadata
            failed["duration_ms"] = "\(elapsed.milliseconds)"
            failed["error.kind"] = "\(failure.kind.name)"
            let level = failure.kind == .cancelled ? configuration.finished : configuration.failed
            logger.log(level: level, "\(observation.tag)<-- failed \(observation.text) after \(elapsed.milliseconds) ms: \(failure)", metadata: failed)
        case .responded(let head, let bytes, let ending):
            var metadata = observation.metadata
            metadata["http.status"] = "\(head.status.code)"
            metadata["duration_ms"] = "\(elapsed.milliseconds)"
            metadata["bytes"] = "\(bytes)"
            let level = head.status.code >= 400 ? configuration.unsuccessful : configuration.finished
            let summary = "\(observation.tag)<-- \(StatusText.line(head.status)) \(observation.text) \(elapsed.milliseconds) ms, \(bytes) bytes"
            switch ending {
            case .finished:
                logger.log(level: level, "\(summary)", metadata: metadata)
            case .abandoned:
                logger.log(level: level, "\(summary) (the rest of the body was dropped unread)", metadata: metadata)
            case .failed(let error):
                let failure = shownWithConfiguredRedactor(NetworkError.wrapping(error, request: observation.shown), observation)
                metadata["error.kind"] = "\(failure.kind.name)"
                logger.log(level: configuration.failed, "\(summary), then the body failed: \(failure)", metadata: metadata)
            }
            if let captured,
               let preview = TextPreview.render(captured.captured, total: bytes, limit: .max, redactor: observation.shown.options.redactor) {
                logger.log(level: configuration.bodyLevel, "\(observation.tag)<-- body (\(bytes) bytes): \(preview)", metadata: metadata)
            }
        }
    }

    /// `failure` as the log line prints it: its request and response redacted with the configuration's
    /// redactor, which the layers below never saw.
    private func shownWithConfiguredRedactor(_ failure: NetworkError, _ observation: Observation) -> NetworkError {
        guard configuration.redactor != nil else { return failure }
        var shown = failure
        shown.request = shown.request.map { request in
            var request = request
            request.options.redactor = observation.shown.options.redactor
            return request
        } ?? observation.shown
        if var response = shown.response {
            response.request.options.redactor = observation.shown.options.redactor
            shown.response = response
        }
        return shown
    }

    /// The byte limit for response body lines of `response`, or `nil` when bodies are off, `level` would
    /// not be written, or the body is not text.
    func responseBodyLimit(_ response: ClientResponse) -> Int? {
        bodyLimit(at: configuration.bodyLevel).flatMap { limit in
            TextPreview.isText(contentType: response.head.headerFields[.contentType]) ? limit : nil
        }
    }

    /// The byte limit for body lines, or `nil` when bodies are off or `level` would not be written.
    private func bodyLimit(at level: Logger.Level) -> Int? {
        guard case .text(let limit) = configuration.bodies, logger.logLevel <= level else { return nil }
        return limit
    }

    /// NOTE: no `http.url`: the message carries the redacted URL already, and handlers that print metadata
    /// on the same line (swift-log's `StreamLogHandler`) would show it twice.
    private static func metadata(of request: ClientRequest) -> Logger.Metadata {
        // Room for the end line's four more entries: the dictionary is never grown while a request runs.
        var metadata = Logger.Metadata(minimumCapacity: 8)
        metadata["http.method"] = .string(request.method.rawValue)
        metadata["http.attempt"] = .string(String(request.options.attempt))
        if let number = request.options.number {
            metadata["http.request_number"] = "\(number)"
        }
        return metadata
    }

    private static func attemptNote(_ request: ClientRequest) -> String {
        request.options.attempt > 1 ? " (attempt \(request.options.attempt))" : ""
    }
}

/// ``RequestLogging`` with response bodies on: the one case where logging must see the body's bytes, so it
/// is a ``Middleware`` around the observer's start and end.
struct BodyLogging<C: Clock<Duration>>: Middleware {
    let logging: RequestLogging<C>

    func send(_ request: ClientRequest, next: Next) async throws -> ClientResponse {
        var request = request
        guard let observation = logging.willSend(&request) else { return try await next(request) }
        let response: ClientResponse
        do {
            response = try await next(request)
        } catch {
            logging.ended(observation, .failed(NetworkError.wrapping(error, request: observation.shown)), captured: nil)
            throw error
        }
        let capture = logging.responseBodyLimit(response).map { PrefixCapture(limit: $0) }
        let head = response.head
        var observed = response
        var onChunk: (@Sendable (Data) -> Void)?
        if let capture {
            onChunk = { chunk in capture.take(chunk) }
        }
        observed.body = response.body.observing(onChunk: onChunk) { [logging] bytes, ending in
            logging.ended(observation, .responded(head, bytes: bytes, body: ending), captured: capture)
        }
        return observed
    }
}

extension Client {
    /// A client that logs every request through `logger`: one line when it is handed on, one when its
    /// response has been read to the end (or dropped, or failed), with the method, the URL, the status,
    /// the duration, the bytes, the attempt and the number from ``numbered()``; failures at `error`
    /// with the ``NetworkError`` diagnosis. Secrets are redacted; bodies are off unless
    /// ``LoggingConfiguration/bodies`` turns them on.
    ///
    /// ```text
    /// info  #7 --> GET https://api.example.com/articles?token=<redacted>
    /// info  #7 <-- 200 OK GET https://api.example.com/articles?token=<redacted> 12.3 ms, 512 bytes
    /// ```
    ///
    /// With ``LoggingConfiguration/cURLLevel`` set (or the ``LoggingConfiguration/cURL`` preset), each
    /// request is also written as a `curl` command that sends it again when pasted into a shell.
    ///
    /// Placed inside ``retrying(_:clock:)`` it logs every attempt; outside, each logical request once.
    ///
    /// - Parameters:
    ///   - logger: where the lines go; its log level decides which are written.
    ///   - configuration: levels, bodies and redaction.
    ///   - clock: measures durations.
    public func logging(
        to logger: Logger,
        _ configuration: LoggingConfiguration = .default,
        clock: some Clock<Duration> = ContinuousClock()
    ) -> Client {
        let logging = RequestLogging(logger: logger, configuration: configuration, clock: ErasedClock(clock))
        // Response bodies need a watch on the bytes; without them, logging only observes.
        if case .text = configuration.bodies { return with(BodyLogging(logging: logging)) }
        return observing(logging)
    }
}
