import Foundation
import HTTPTypes
import Logging

/// Writes one line when a request is handed on and one when its response is over, through swift-log.
struct RequestLogging<C: Clock<Duration>>: Middleware {
    let logger: Logger
    let configuration: LoggingConfiguration
    let clock: C

    func send(_ request: ClientRequest, next: Next) async throws -> ClientResponse {
        // Nothing this layer could write passes the logger's level: no URL is redacted, nothing is built.
        guard logger.logLevel <= mostSevereLevel else {
            return try await next(request)
        }
        var shown = request
        if let redactor = configuration.redactor {
            shown.options.redactor = redactor
        }
        let redactor = shown.options.redactor
        let url = shown.redactedURL
        let line = (tag: shown.options.number.map { "#\($0) " } ?? "", text: "\(shown.method.rawValue) \(url)")
        let metadata = Self.metadata(of: shown)
        if logger.logLevel <= configuration.started {
            logger.log(level: configuration.started, "\(line.tag)--> \(line.text)\(Self.attemptNote(shown))", metadata: metadata)
        }
        if let limit = bodyLimit(at: configuration.bodyLevel), let data = request.body.bufferedData, !data.isEmpty,
           TextPreview.isText(contentType: request.head.headerFields[.contentType]),
           let text = TextPreview.render(data, total: Int64(data.count), limit: limit, redactor: redactor) {
            logger.log(level: configuration.bodyLevel, "\(line.tag)--> body (\(data.count) bytes): \(text)", metadata: metadata)
        }

        let start = clock.now
        let response: ClientResponse
        do {
            response = try await next(request)
        } catch {
            let failure = NetworkError.wrapping(error, request: shown)
            let elapsed = start.duration(to: clock.now).milliseconds
            var failed = metadata
            failed["duration_ms"] = "\(elapsed)"
            failed["error.kind"] = "\(failure.kind.name)"
            let level = failure.kind == .cancelled ? configuration.finished : configuration.failed
            logger.log(level: level, "\(line.tag)<-- failed \(line.text) after \(elapsed) ms: \(failure)", metadata: failed)
            throw error
        }

        // The content type is inspected only when body lines are on.
        let capture = bodyLimit(at: configuration.bodyLevel).flatMap { limit in
            TextPreview.isText(contentType: response.head.headerFields[.contentType]) ? PrefixCapture(limit: limit) : nil
        }
        let ending = EndLine(
            logger: logger, configuration: configuration, tag: line.tag, text: line.text, metadata: metadata,
            status: response.status, redactor: redactor, request: shown, capture: capture
        )
        var onChunk: (@Sendable (Data) -> Void)?
        if let capture = ending.capture {
            onChunk = { chunk in capture.take(chunk) }
        }
        var observed = response
        observed.body = response.body.observing(onChunk: onChunk) { [clock] bytes, end in
            ending.write(bytes: bytes, ending: end, elapsed: start.duration(to: clock.now))
        }
        return observed
    }

    /// The byte limit for body lines, or `nil` when bodies are off or `level` would not be written.
    private func bodyLimit(at level: Logger.Level) -> Int? {
        guard case .text(let limit) = configuration.bodies, logger.logLevel <= level else { return nil }
        return limit
    }

    /// The most severe level this layer writes at: a logger set above it would write none of its lines.
    private var mostSevereLevel: Logger.Level {
        var levels = [configuration.started, configuration.finished, configuration.unsuccessful, configuration.failed]
        if case .text = configuration.bodies { levels.append(configuration.bodyLevel) }
        return levels.max() ?? .critical
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

/// The line (or lines) written when a response is over.
private struct EndLine: Sendable {
    let logger: Logger
    let configuration: LoggingConfiguration
    let tag: String
    let text: String
    let metadata: Logger.Metadata
    let status: HTTPResponse.Status
    let redactor: Redactor
    let request: ClientRequest
    /// The start of a text body, when body lines are on.
    let capture: PrefixCapture?

    func write(bytes: Int64, ending: BodyEnding, elapsed: Duration) {
        var metadata = metadata
        metadata["http.status"] = "\(status.code)"
        metadata["duration_ms"] = "\(elapsed.milliseconds)"
        metadata["bytes"] = "\(bytes)"
        let level = status.code >= 400 ? configuration.unsuccessful : configuration.finished
        let summary = "\(tag)<-- \(StatusText.line(status)) \(text) \(elapsed.milliseconds) ms, \(bytes) bytes"
        switch ending {
        case .finished:
            logger.log(level: level, "\(summary)", metadata: metadata)
        case .abandoned:
            logger.log(level: level, "\(summary) (the rest of the body was dropped unread)", metadata: metadata)
        case .failed(let error):
            let failure = NetworkError.wrapping(error, request: request)
            metadata["error.kind"] = "\(failure.kind.name)"
            logger.log(level: configuration.failed, "\(summary), then the body failed: \(failure)", metadata: metadata)
        }
        if let capture, let preview = TextPreview.render(capture.captured, total: bytes, limit: .max, redactor: redactor) {
            logger.log(level: configuration.bodyLevel, "\(tag)<-- body (\(bytes) bytes): \(preview)", metadata: metadata)
        }
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
        with(RequestLogging(logger: logger, configuration: configuration, clock: clock))
    }
}
