import Courier
import Foundation

/// A transport that passes every request on to another one and records each exchange, so a test can
/// be run once against a real server and afterwards, from the file, with ``ReplayingTransport``.
///
/// ```swift
/// let recorder = RecordingTransport(wrapping: URLSessionTransport())
/// let client = Client(transport: recorder).targeting(.staging)
/// _ = try await client.send(.articles(tag: "swift"))
/// try recorder.write(to: URL(fileURLWithPath: "Tests/Fixtures/articles.har"))
/// ```
///
/// What is recorded, in HAR 1.2 (``HAR``):
/// - the request's method, URL, header fields, query parameters, and its body when it can be read
///   without changing what is sent: bytes in memory always; a replayable stream or a file by reading it
///   once more; a single-pass stream never (the entry says so in `postData.comment`);
/// - the response's status, header fields and body. The body is collected, up to the request's
///   `RequestOptions.maxResponseBodySize` (past it the request fails with
///   `NetworkError.Kind.bodyTooLarge`), and handed on in memory, so the caller reads the same bytes;
/// - `startedDateTime` (`startDate` plus the time on `clock` since the recorder was made) and
///   `timings` (`wait` until the head arrived, `receive` for the body) from the injected clock.
///
/// **No secret is written.** Header values, query parameters and cookie values that the request's
/// `RequestOptions.redactor` hides are written as `<redacted>`; text bodies and the other header
/// values (a `Location` URL) are scrubbed with it (`Redactor.scrub(_:)`: JSON members and form fields
/// such as `"access_token": "…"` or `password=…`). Bodies that are not UTF-8 text are written as base64
/// and are not scrubbed: keep secrets out of binary bodies you record.
///
/// An exchange is recorded when its response body has been collected; a request that fails (the
/// transport throws) is not recorded. Entries are in the order their requests **started** (the order
/// of `send` calls), whatever order they finished in.
public final class RecordingTransport: Transport {
    private let transport: any Transport
    private let elapsed: @Sendable () -> Duration
    private let startDate: Date
    private let creator: HAR.Creator
    private let state = Locked(State())

    private struct State {
        var started = 0
        var entries: [(number: Int, entry: HAR.Entry)] = []
    }

    /// Creates a recorder in front of `transport`.
    ///
    /// - Parameters:
    ///   - transport: the transport that sends the requests for real.
    ///   - clock: measures the timings and places each request after `startDate`; a test clock makes
    ///     the file the same on every run.
    ///   - startDate: the wall-clock time at which the recorder is made, for `startedDateTime`.
    ///   - creator: the program named in the file.
    public init(
        wrapping transport: some Transport,
        clock: some Clock<Duration> = ContinuousClock(),
        startDate: Date = Date(),
        creator: HAR.Creator = .courier
    ) {
        self.transport = transport
        let origin = clock.now
        elapsed = { origin.duration(to: clock.now) }
        self.startDate = startDate
        self.creator = creator
    }

    /// Sends `request` through the wrapped transport, collects the response body, records the exchange
    /// and returns the response with its body in memory.
    ///
    /// - Throws: what the wrapped transport throws, or `NetworkError.Kind.bodyTooLarge` when the body
    ///   passes the request's `RequestOptions.maxResponseBodySize`.
    public func send(_ request: ClientRequest) async throws -> ClientResponse {
        let number = state.withLock { state in
            defer { state.started += 1 }
            return state.started
        }
        let limit = request.options.maxResponseBodySize
        let body = await RecordedRequestBody.read(request.body, limit: limit, consumingSinglePass: false)
        let start = elapsed()
        var response = try await transport.send(request)
        let headArrived = elapsed()
        let data: Data
        do {
            data = try await response.body.collect(upTo: limit)
        } catch {
            throw NetworkError.wrapping(error, request: request, response: response)
        }
        let end = elapsed()

        let timings = HAR.Timings(wait: headArrived - start, receive: end - headArrived)
        let entry = HAR.Entry(
            startedDateTime: startDate.harDateTime(plus: start.harMilliseconds),
            time: timings.send + timings.wait + timings.receive,
            request: request.harRequest(body: body),
            response: HAR.Response(recording: response.head, body: data, redactor: request.options.redactor),
            timings: timings
        )
        state.withLock { $0.entries.append((number, entry)) }
        response.body = ResponseBody(data)
        return response
    }

    /// The exchanges recorded so far, in the order their requests started.
    public var har: HAR {
        let entries = state.withLock { $0.entries }
        return HAR(log: HAR.Log(creator: creator, entries: entries.sorted { $0.number < $1.number }.map(\.entry)))
    }

    /// The recording as HAR 1.2 JSON: keys sorted, pretty-printed, the same bytes for the same exchanges.
    ///
    /// - Throws: `NetworkError.Kind.encodingFailed` (in practice never: every field is a plain value).
    public func harData() throws -> Data {
        try har.jsonData()
    }

    /// Writes the recording to `url` as HAR 1.2 JSON (``harData()``), replacing the file atomically.
    ///
    /// - Throws: `NetworkError.Kind.transportFailed` naming the file when it cannot be written.
    public func write(to url: URL) throws {
        let data = try harData()
        do {
            try data.write(to: url, options: .atomic)
        } catch {
            throw NetworkError(.transportFailed, message: "the recording could not be written to '\(url.path)'.", underlying: error)
        }
    }
}
