import Courier
import Foundation

/// A user's logger in the watching form: one line when a request is handed on, one when its exchange is
/// over. It never changes the request or the response, so it is an `ExchangeObserver`, and several of them
/// share one stage of the chain. Written with Courier's public API only.
struct LineObserver: ExchangeObserver {
    let sink: LineSink

    func willSend(_ request: inout ClientRequest) -> String? {
        let name = "\(request.method) \(request.head.path ?? "/")"
        sink.write("→ \(name)")
        return name
    }

    func exchange(_ name: String, ended end: ExchangeEnd) {
        switch end {
        case .failed(let error):
            sink.write("✗ \(name): \(error.kind.name)")
        case .responded(let head, let bytes, let body):
            let how = switch body {
            case .finished: "finished"
            case .abandoned: "abandoned"
            case .failed: "failed"
            }
            sink.write("← \(head.status.code) \(name): \(bytes) bytes, \(how)")
        }
    }
}
