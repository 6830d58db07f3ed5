/// How a response body's transfer ended, as ``ResponseBody/observing(onChunk:onEnd:)`` reports it.
///
/// A layer that reports on whole exchanges (a log line, a metric, a span) reads it to tell a body
/// that was read to the end from one that broke off or that nobody read.
///
/// ```swift
/// response.body = response.body.observing { bytes, ending in
///     if case .failed(let error) = ending { logger.warning("body failed after \(bytes) bytes: \(error)") }
/// }
/// ```
public enum BodyEnding: Sendable {
    /// Read to the end.
    case finished
    /// The transport failed while it was read; the error is what the reader got.
    case failed(any Error)
    /// Dropped before its end: nobody will read the rest.
    case abandoned
}
