import Courier
import Foundation

/// A header layer in the synchronous form: it stamps each request with an id and never suspends, so a
/// `Client` runs it as a plain call at the front of its chain. Written with Courier's public API only.
struct RequestIDHeader: ImmediateMiddleware {
    /// Makes the id; a test passes one that fails to check how the failure is reported.
    let makeID: @Sendable () throws -> String

    func handleAtOnce(_ request: inout ClientRequest) throws -> ImmediateOutcome {
        try request.setHeader("X-Request-ID", makeID())
        return .passOn
    }
}
