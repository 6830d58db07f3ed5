import Courier
import Foundation
import HTTPTypes

/// The middleware behind `Client.injectingFaults(_:random:clock:)`.
struct FaultInjecting<C: Clock<Duration>>: Middleware {
    let configuration: FaultInjection.Configuration
    /// One generator for every request, drawn from under the lock so that concurrent requests each get
    /// a whole plan of their own.
    let random: Locked<any RandomNumberGenerator & Sendable>
    let clock: C

    func send(_ request: ClientRequest, next: Next) async throws -> ClientResponse {
        // Unaffected requests draw nothing: they must not shift the faults of the others.
        if let condition = configuration.condition, !condition.matches(request) {
            return try await next(request)
        }
        let plan = random.withLock { FaultPlan(configuration, random: &$0) }
        if plan.latency > .zero {
            try await clock.sleep(for: plan.latency)
        }
        if plan.fails, let failure = configuration.failure {
            throw NetworkError(failure.kind, message: "FaultInjection failed the request before sending it.", request: request)
        }
        if plan.forcesStatus, let status = configuration.status {
            return Self.forced(status.code, for: request)
        }
        var response = try await next(request)
        if plan.dropsConnection, let dropped = configuration.droppedConnection {
            response.body = response.body.dropping(after: dropped.afterBytes, kind: dropped.kind, request: request)
        }
        if let bandwidth = configuration.bandwidth {
            response.body = response.body.paced(bytesPerSecond: bandwidth, clock: clock, request: request)
        }
        return response
    }

    /// A response with `code` and a text body saying where it came from, so nobody hunts for it in the
    /// server's logs.
    static func forced(_ code: Int, for request: ClientRequest) -> ClientResponse {
        let body = Data("status \(code) injected by FaultInjection; the request was not sent.".utf8)
        var head = HTTPResponse(status: HTTPResponse.Status(code: code))
        head.headerFields[.contentType] = "text/plain; charset=utf-8"
        head.headerFields[.contentLength] = String(body.count)
        return ClientResponse(head: head, body: ResponseBody(body), request: request)
    }
}
