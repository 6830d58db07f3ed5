import Courier
import Foundation

/// Writes a response body where it goes. Anywhere but a terminal — a pipe, a file — that is the exact
/// bytes, chunk by chunk as they arrive, so memory stays bounded whatever the size. On a terminal, text
/// is made readable: JSON pretty-printed once it has arrived whole (up to ``formattingLimit``), event
/// streams and `--stream` shown as they arrive, and binary bodies not shown at all (as curl and HTTPie
/// do: raw bytes would garble the terminal). With `--stream`, a `text/event-stream` body is parsed and
/// each event's data written as a line (``EventStreamPrinter``), to a terminal or not.
struct ResponseBodyPrinter {
    /// Whether the destination is a terminal.
    var toTerminal: Bool
    /// `--stream`: show text on a terminal as it arrives instead of waiting to format it.
    var streaming = false
    /// Colours for JSON keys on a terminal.
    var palette = Palette(enabled: false)
    /// The most bytes held to pretty-print; a longer text body is shown as it came.
    var formattingLimit = 4 << 20

    /// What happened to the body.
    enum Outcome: Equatable {
        /// The body, `bytes` long (before formatting), was written.
        case written(bytes: Int64)
        /// A binary body was not written to the terminal; reading stopped at its first chunk.
        case binaryHidden
    }

    func print(_ body: ResponseBody, contentType: String?, to sink: any ByteSink) async throws -> Outcome {
        var iterator = body.makeAsyncIterator()
        if streaming, EventStreamPrinter.applies(to: contentType) {
            return .written(bytes: try await EventStreamPrinter().print(&iterator, to: sink))
        }
        guard toTerminal else {
            var count: Int64 = 0
            while let chunk = try await iterator.next() {
                try sink.write(chunk)
                count += Int64(chunk.count)
            }
            return .written(bytes: count)
        }
        guard let first = try await iterator.next() else { return .written(bytes: 0) }
        let kind = ContentKind.of(contentType: contentType) ?? ContentKind.sniffing(first)
        if kind == .binary { return .binaryHidden }
        if streaming || ContentKind.isEventStream(contentType: contentType) {
            return try await passThrough(first, &iterator, to: sink)
        }
        var held = Data(first)
        while held.count <= formattingLimit {
            guard let chunk = try await iterator.next() else {
                try sink.write(TextFormatter(palette: palette).formatted(held, as: kind))
                return .written(bytes: Int64(held.count))
            }
            held.append(chunk)
        }
        return try await passThrough(held, &iterator, to: sink)
    }

    /// Writes `first` and every chunk after it as it arrives, then a final newline if the text lacks one,
    /// so that the shell's prompt starts on a line of its own.
    private func passThrough(_ first: Data, _ iterator: inout BodyChunks.AsyncIterator, to sink: any ByteSink) async throws -> Outcome {
        try sink.write(first)
        var count = Int64(first.count)
        var last = first.last
        while let chunk = try await iterator.next() {
            try sink.write(chunk)
            count += Int64(chunk.count)
            last = chunk.last ?? last
        }
        if last != UInt8(ascii: "\n") { try sink.write("\n") }
        return .written(bytes: count)
    }
}
