import Foundation

/// The JSON values of a streamed body — JSON Lines / NDJSON or JSON text sequences (RFC 7464) — decoded one
/// at a time as they arrive.
///
/// The body is read only as fast as the loop asks for values (back-pressure reaches the server), and only
/// the value being read is held: a line longer than the limit fails with
/// ``NetworkError/Kind/bodyTooLarge`` instead of filling memory. Leaving the loop early, or cancelling its
/// task, stops the transfer.
///
/// ```swift
/// struct LogEntry: Decodable, Sendable { var level: String; var message: String }
///
/// let entries = try await client.stream(Endpoint<JSONStream<LogEntry>>(path: "/logs"))
/// for try await entry in entries where entry.level == "error" {
///     print(entry.message)
/// }
/// ```
///
/// A line that does not decode as `Element` ends the loop with ``NetworkError/Kind/decodingFailed(codingPath:)``,
/// whose message names the line (or record) by its number. Like the body it reads, a stream can be iterated
/// once.
public struct JSONStream<Element: Decodable>: AsyncSequence, Sendable {
    let body: ResponseBody
    /// How the values are framed.
    public let format: JSONStreamFormat
    let decoder: JSONDecoder
    let maxRecordSize: Int
    /// The response the body belongs to, for errors; its body is left out.
    let response: ClientResponse?

    /// The values of `body`.
    ///
    /// - Parameters:
    ///   - body: the bytes, usually a response's streamed body.
    ///   - format: how the values are framed.
    ///   - decoder: the decoder for each value; `nil` uses Courier's default (a plain `JSONDecoder`).
    ///   - maxRecordSize: the longest line or record accepted, in bytes.
    public init(
        _ body: ResponseBody,
        format: JSONStreamFormat,
        decoder: JSONDecoder? = nil,
        maxRecordSize: Int = RequestOptions.defaultMaxJSONRecordSize
    ) {
        self.init(body, format: format, decoder: decoder, maxRecordSize: maxRecordSize, response: nil)
    }

    init(_ body: ResponseBody, format: JSONStreamFormat, decoder: JSONDecoder?, maxRecordSize: Int, response: ClientResponse?) {
        precondition(maxRecordSize > 0, "maxRecordSize must be positive")
        self.body = body
        self.format = format
        self.decoder = decoder ?? JSONCoders.defaultDecoder
        self.maxRecordSize = maxRecordSize
        var context = response
        // NOTE: an error keeps the response's head and request, never the unread stream (and so the transfer).
        context?.body = .empty
        self.response = context
    }

    /// Makes an iterator that reads the body.
    public func makeAsyncIterator() -> AsyncIterator {
        AsyncIterator(stream: self)
    }

    /// Reads the values of a ``JSONStream``.
    public struct AsyncIterator: AsyncIteratorProtocol {
        private var chunks: BodyChunks.AsyncIterator
        private var splitter: JSONRecordSplitter
        private let decoder: JSONDecoder
        private let response: ClientResponse?
        private var bodyEnded = false
        private var done = false

        init(stream: JSONStream) {
            chunks = stream.body.makeAsyncIterator()
            splitter = JSONRecordSplitter(format: stream.format, maxRecordSize: stream.maxRecordSize)
            decoder = stream.decoder
            response = stream.response
        }

        /// The next value, or `nil` at the end of the body.
        ///
        /// - Throws: ``NetworkError``: ``NetworkError/Kind/decodingFailed(codingPath:)`` for a line that does
        ///   not decode, ``NetworkError/Kind/bodyTooLarge`` for a line over the limit, or the transport's kind.
        public mutating func next() async throws -> Element? {
            guard !done else { return nil }
            do {
                while true {
                    if let record = try splitter.next() {
                        if let value = try decode(record) { return value }
                        continue
                    }
                    if bodyEnded {
                        done = true
                        return nil
                    }
                    if let chunk = try await chunks.next() {
                        splitter.append(chunk)
                    } else {
                        // A body may end early because the task was cancelled: that is not its real end.
                        if Task.isCancelled {
                            throw NetworkError(.cancelled, message: "the calling task was cancelled while the stream was read.")
                        }
                        bodyEnded = true
                        splitter.finish()
                    }
                }
            } catch {
                done = true
                throw NetworkError.wrapping(error, request: response?.request, response: response)
            }
        }

        /// The record's value; `nil` for a json-seq record to skip.
        private func decode(_ record: JSONRecord) throws -> Element? {
            let unit = splitter.format.unitName
            guard record.isComplete else { return nil }
            do {
                return try decoder.decode(Element.self, from: record.data)
            } catch let error as DecodingError {
                // RFC 7464 §2.1: a record that is not well-formed JSON is skipped, and the sequence goes on.
                if splitter.format == .textSequence, !Self.isWellFormed(record.data) { return nil }
                throw NetworkError(
                    .decodingFailed(codingPath: error.codingPathDescription),
                    message: "\(unit) \(record.number) does not decode as \(Element.self): \(error.summary)",
                    underlying: error
                )
            } catch {
                throw NetworkError(
                    .decodingFailed(codingPath: ""),
                    message: "\(unit) \(record.number) does not decode as \(Element.self): \(error)",
                    underlying: error
                )
            }
        }

        private static func isWellFormed(_ data: Data) -> Bool {
            (try? JSONSerialization.jsonObject(with: data, options: .fragmentsAllowed)) != nil
        }
    }
}
