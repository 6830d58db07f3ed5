import Courier
import Foundation

/// `--stream` on a `text/event-stream` response: each event's data on a line of its own, written the
/// moment the event is complete, so `courier send -S URL | jq .` reads a JSON stream as it arrives.
/// Comments (keep-alives), `id:`, `event:` and `retry:` lines and the field syntax are left out; the
/// response is read once, with no reconnection (that is the library's ``Client/events(_:configuration:)-(ClientRequest,_)``).
struct EventStreamPrinter {
    /// Whether a `Content-Type` is `text/event-stream`.
    static func applies(to contentType: String?) -> Bool {
        guard let contentType else { return false }
        return contentType.split(separator: ";", maxSplits: 1).first?.trimmingCharacters(in: .whitespaces).lowercased() == "text/event-stream"
    }

    /// Reads `chunks` to the end, writing each event's data and a line feed; returns the body's length.
    func print(_ chunks: inout BodyChunks.AsyncIterator, to sink: any ByteSink) async throws -> Int64 {
        var parser = ServerSentEventParser()
        var count: Int64 = 0
        while let chunk = try await chunks.next() {
            count += Int64(chunk.count)
            let events = try parser.parse(chunk)
            guard !events.isEmpty else { continue }
            // One write per chunk: the events it completed reach the terminal together, at once.
            try sink.write(Data(events.map { $0.data + "\n" }.joined().utf8))
        }
        return count
    }
}
