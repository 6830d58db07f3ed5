import Foundation

extension ServerSentEventStream {
    /// Each event's `data` decoded from JSON as a `Value`, for streams whose events carry JSON documents.
    ///
    /// ```swift
    /// struct Tick: Decodable, Sendable { var n: Int }
    /// for try await tick in client.events(try ClientRequest(.get, path: "/ticks")).decoded(as: Tick.self) {
    ///     print(tick.n)
    /// }
    /// ```
    ///
    /// - Parameters:
    ///   - type: the type of each event's data.
    ///   - decoder: the decoder to use; `nil` uses the client's.
    ///   - terminator: an event whose data is exactly this ends the sequence, undecoded (OpenAI-style
    ///     APIs end their streams with `data: [DONE]`); `nil` decodes every event.
    public func decoded<Value: Decodable & Sendable>(
        as type: Value.Type = Value.self,
        using decoder: JSONDecoder? = nil,
        stoppingAt terminator: String? = nil
    ) -> DecodedEventStream<Value> {
        DecodedEventStream(events: self, decoder: decoder ?? client.configuration.decoder, terminator: terminator)
    }
}

/// The events of a ``ServerSentEventStream``, each one's `data` decoded from JSON: what
/// ``ServerSentEventStream/decoded(as:using:stoppingAt:)`` returns.
///
/// An event whose data does not decode ends the iteration with
/// ``NetworkError/Kind/decodingFailed(codingPath:)``, its message naming the event's type and ID.
public struct DecodedEventStream<Value: Decodable & Sendable>: AsyncSequence, Sendable {
    /// A decoded event's data.
    public typealias Element = Value
    /// Every error is a ``NetworkError``.
    public typealias Failure = NetworkError

    /// The events, undecoded.
    public let events: ServerSentEventStream
    let decoder: JSONDecoder
    let terminator: String?

    /// An iterator that connects on its first call to `next()`.
    public func makeAsyncIterator() -> AsyncIterator {
        AsyncIterator(events: events.makeAsyncIterator(), decoder: decoder, terminator: terminator)
    }

    /// Reads and decodes one event per call to ``next()``.
    public struct AsyncIterator: AsyncIteratorProtocol {
        /// The events; `nil` once the iteration ended, so the connection goes at once.
        private var events: ServerSentEventStream.AsyncIterator?
        private let decoder: JSONDecoder
        private let terminator: String?

        init(events: ServerSentEventStream.AsyncIterator, decoder: JSONDecoder, terminator: String?) {
            self.events = events
            self.decoder = decoder
            self.terminator = terminator
        }

        /// The next event's decoded data, or `nil` at the end of the stream or at the terminator.
        ///
        /// - Throws: ``NetworkError``: the stream's errors, and
        ///   ``NetworkError/Kind/decodingFailed(codingPath:)`` for data that does not decode.
        public mutating func next() async throws(NetworkError) -> Value? {
            guard var iterator = events else { return nil }
            events = nil
            guard let event = try await iterator.next() else { return nil }
            if let terminator, event.data == terminator { return nil }
            do {
                let value = try decoder.decode(Value.self, from: Data(event.data.utf8))
                events = iterator
                return value
            } catch {
                var wrapped = NetworkError.wrapping(error, request: nil)
                let id = event.id.map { " (id \($0))" } ?? ""
                wrapped.message = "the data of a \"\(event.event)\" event\(id) did not decode as \(Value.self): " + (wrapped.message ?? "")
                throw wrapped
            }
        }
    }
}
