import Courier
import Foundation

/// `--offline`: the request as it would be sent, printed instead — its head (`H`) and body (`B`) to
/// standard output, the body's exact bytes (a streamed one read as it would be sent).
struct SendOffline {
    let parts: PrintParts
    let toTerminal: Bool
    let palette: Palette

    func print(_ request: ClientRequest, to sink: any ByteSink) async throws {
        if parts.requestHead {
            try sink.write(SendOutput(palette: palette).requestHead(request) + "\n")
        }
        guard parts.requestBody, !request.body.isEmpty else { return }
        // A blank line parts head and body, as on the wire.
        if parts.requestHead { try sink.write("\n") }
        var last: UInt8?
        for try await chunk in try request.body.chunks() {
            try sink.write(chunk)
            last = chunk.last ?? last
        }
        if toTerminal, let last, last != UInt8(ascii: "\n") { try sink.write("\n") }
    }
}
