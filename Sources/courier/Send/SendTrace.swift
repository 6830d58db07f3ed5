import Courier
import Foundation

/// `--verbose` with `--retry` or `--follow`: one line on standard error for each request that goes out —
/// every attempt of a retried exchange and every hop of a redirect chain — with its status (or the
/// failure) and how long it took. Placed innermost, next to the transport, so that it sees each one.
struct SendTrace: Middleware {
    let sink: FileDescriptorSink

    func send(_ request: ClientRequest, next: Next) async throws -> ClientResponse {
        let start = ContinuousClock.now
        let what = "\(request.method) \(request.url?.absoluteString ?? "") (attempt \(request.options.attempt))"
        do {
            let response = try await next(request)
            let status = response.status
            let phrase = status.reasonPhrase.isEmpty ? StatusText.phrase(for: status.code) : status.reasonPhrase
            try? sink.write("courier: \(what): \(status.code) \(phrase) in \(Self.milliseconds(since: start))\n")
            return response
        } catch {
            let kind = (error as? NetworkError).map { "\($0.kind)" } ?? "\(error)"
            try? sink.write("courier: \(what): failed (\(kind)) in \(Self.milliseconds(since: start))\n")
            throw error
        }
    }

    private static func milliseconds(since start: ContinuousClock.Instant) -> String {
        let (seconds, attoseconds) = (ContinuousClock.now - start).components
        return "\(seconds * 1000 + attoseconds / 1_000_000_000_000_000) ms"
    }
}
