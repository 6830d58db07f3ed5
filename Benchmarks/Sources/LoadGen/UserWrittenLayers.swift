import Courier
import Foundation
import Logging

// The two forms as a user writes them, outside Courier and with its public API only (issue #36): what they
// cost against the built-ins that do the same work (`courier-user-header` against `courier-auth`,
// `courier-user-observer` against `courier-logging`).

/// A header layer in the synchronous form: the bearer header `.authorizing(with: .bearer(…))` sets, as
/// `MiddlewareToolkitTests`' `RequestIDHeader` sets its id.
struct UserBearerHeader: ImmediateMiddleware {
    let value: String

    func handleAtOnce(_ request: inout ClientRequest) throws -> ImmediateOutcome {
        try request.setHeader("Authorization", value)
        return .passOn
    }
}

/// An observer writing the two info lines `.logging(to:)` writes (method, URL, status, duration, bytes, the
/// attempt in the metadata), through the same `Logger`, as `MiddlewareToolkitTests`' `LineObserver` writes its
/// lines, with the query redacted by the request's `Redactor` as the built-in does.
struct UserLogLines: ExchangeObserver {
    let logger: Logger

    struct Started: Sendable {
        let text: String
        let metadata: Logger.Metadata
        let start: ContinuousClock.Instant
    }

    func willSend(_ request: inout ClientRequest) -> Started? {
        let url = request.options.redactor.redact(pathAndQuery: request.head.path ?? "/")
        let text = "\(request.method.rawValue) \(request.head.scheme ?? "http")://\(request.head.authority ?? "")\(url)"
        let metadata: Logger.Metadata = ["http.method": .string(request.method.rawValue), "http.attempt": .string(String(request.options.attempt))]
        logger.info("--> \(text)", metadata: metadata)
        return Started(text: text, metadata: metadata, start: .now)
    }

    func exchange(_ started: Started, ended end: ExchangeEnd) {
        let elapsed = started.start.duration(to: .now)
        var metadata = started.metadata
        metadata["duration_ms"] = .string(elapsed.loggedMilliseconds)
        switch end {
        case .failed(let error):
            logger.error("<-- failed \(started.text) after \(elapsed.loggedMilliseconds) ms: \(error)", metadata: metadata)
        case .responded(let head, let bytes, _):
            metadata["http.status"] = .string(String(head.status.code))
            metadata["bytes"] = .string(String(bytes))
            logger.info("<-- \(head.status.code) \(head.status.reasonPhrase) \(started.text) \(elapsed.loggedMilliseconds) ms, \(bytes) bytes", metadata: metadata)
        }
    }
}

/// A layer that does nothing but call the next one: the cost of a hop in the chain (issue #2's 10 pass-through
/// layers, here over `courier-stub`'s transport that answers at once).
struct Passthrough: Middleware {
    func send(_ request: ClientRequest, next: Next) async throws -> ClientResponse {
        try await next(request)
    }
}
