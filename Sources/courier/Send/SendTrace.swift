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
            try? sink.write("courier: \(what): \(StatusText.line(response.status)) in \((ContinuousClock.now - start).milliseconds) ms\n")
            return response
        } catch {
            let kind = (error as? NetworkError).map { "\($0.kind)" } ?? "\(error)"
            try? sink.write("courier: \(what): failed (\(kind)) in \((ContinuousClock.now - start).milliseconds) ms\n")
            throw error
        }
    }
}
