import Courier
import Foundation

/// A transport that answers from a recording (a HAR file, ``HAR``) instead of the network: tests run
/// offline, fast, and against exactly the responses a real server once gave.
///
/// ```swift
/// let replay = try ReplayingTransport(contentsOf: URL(fileURLWithPath: "Tests/Fixtures/articles.har"))
/// let client = Client(transport: replay).targeting(.staging)
/// let articles = try await client.send(.articles(tag: "swift"))   // no network
/// #expect(replay.unusedEntries.isEmpty)
/// ```
///
/// A request is matched to an entry by its method and URL (query included, compared as written), and,
/// with `matchingBodies`, by its body. Both sides are compared as the file holds them, redacted with the
/// request's `RequestOptions.redactor`: a secret query value matches whatever value was recorded,
/// and an entry whose body was not recorded (a single-pass stream) matches any body. ``Mode`` says
/// which entry answers: the next one (``Mode/inOrder``) or the first unused match (``Mode/byMatch``).
///
/// Responses come back as recorded, secrets included **as their redaction marker**: a header the
/// recorder hid replays as `<redacted>`, and a scrubbed JSON member as `"<redacted>"`. Code under test
/// that needs a real token from a response must get it another way (a stub).
///
/// A request nothing answers fails with `NetworkError.Kind.transportFailed` and a message naming
/// the request (method and redacted URL) and, in order, the entry that was expected next. Nothing
/// is sent anywhere.
public final class ReplayingTransport: Transport {
    /// The recording being replayed.
    public let har: HAR
    /// How entries are picked.
    public let mode: Mode
    /// Whether request bodies must match the recorded ones.
    public let matchesBodies: Bool
    private let state: Locked<State>

    private struct State {
        var used: [Bool]
        /// The next entry in ``Mode/inOrder``.
        var next = 0
    }

    /// Replays `har`.
    ///
    /// - Parameters:
    ///   - har: the recorded exchanges.
    ///   - mode: which entry answers a request.
    ///   - matchingBodies: compare request bodies with the recorded ones too (for APIs that send
    ///     different bodies to one URL, such as GraphQL).
    public init(_ har: HAR, mode: Mode = .inOrder, matchingBodies: Bool = false) {
        self.har = har
        self.mode = mode
        matchesBodies = matchingBodies
        state = Locked(State(used: Array(repeating: false, count: har.log.entries.count)))
    }

    /// Replays the HAR document in `data`.
    ///
    /// - Throws: `NetworkError.Kind.decodingFailed(codingPath:)` when it is not a HAR document.
    public convenience init(harData data: Data, mode: Mode = .inOrder, matchingBodies: Bool = false) throws {
        self.init(try HAR(data: data), mode: mode, matchingBodies: matchingBodies)
    }

    /// Replays the HAR file at `url`.
    ///
    /// - Throws: `NetworkError.Kind.transportFailed` naming the file when it cannot be read;
    ///   `NetworkError.Kind.decodingFailed(codingPath:)` when it is not a HAR document.
    public convenience init(contentsOf url: URL, mode: Mode = .inOrder, matchingBodies: Bool = false) throws {
        let data: Data
        do {
            data = try Data(contentsOf: url)
        } catch {
            throw NetworkError(.transportFailed, message: "the recording '\(url.path)' cannot be read.", underlying: error)
        }
        try self.init(harData: data, mode: mode, matchingBodies: matchingBodies)
    }

    /// The entries that have not answered a request yet, in recorded order: empty at the end of a test
    /// that made every recorded call.
    public var unusedEntries: [HAR.Entry] {
        let used = state.withLock { $0.used }
        return zip(har.log.entries, used).filter { !$0.1 }.map(\.0)
    }

    /// Answers `request` with its recorded response.
    ///
    /// - Throws: `NetworkError.Kind.transportFailed` when no entry answers it;
    ///   `NetworkError.Kind.invalidResponse` when the answering entry is unusable.
    public func send(_ request: ClientRequest) async throws -> ClientResponse {
        guard !Task.isCancelled else {
            throw NetworkError(.cancelled, message: "the calling task was cancelled.", request: request)
        }
        let key = await ReplayKey.of(request, matchingBodies: matchesBodies)
        let redactor = request.options.redactor
        let entries = har.log.entries
        let pick: Result<Int, NetworkError> = state.withLock { state in
            switch mode.order {
            case .inOrder:
                guard state.next < entries.count else {
                    return .failure(notRecorded(key, request: request, detail: "all \(entries.count) recorded entries have answered (in order)."))
                }
                let expected = entries[state.next]
                guard key.matches(expected, redactor: redactor) else {
                    let body = matchesBodies ? " (body compared too)" : ""
                    return .failure(notRecorded(
                        key, request: request,
                        detail: "in order, entry \(state.next + 1) of \(entries.count) was expected next: \(expected.request.method) \(redactor.redact(urlString: expected.request.url))\(body)."
                    ))
                }
                state.next += 1
                state.used[state.next - 1] = true
                return .success(state.next - 1)
            case .byMatch:
                let matching = entries.indices.filter { key.matches(entries[$0], redactor: redactor) }
                guard let index = matching.first(where: { !state.used[$0] }) ?? (mode.reusesEntries ? matching.last : nil) else {
                    let why = matching.isEmpty ? "no recorded entry matches it" : "its \(matching.count) matching entries have answered already"
                    let unused = state.used.indices.filter { !state.used[$0] }.prefix(5).map {
                        "\(entries[$0].request.method) \(redactor.redact(urlString: entries[$0].request.url))"
                    }
                    let listing = unused.isEmpty ? "none is left unused" : "unused: " + unused.joined(separator: ", ")
                    return .failure(notRecorded(key, request: request, detail: "\(why); \(listing)."))
                }
                state.used[index] = true
                return .success(index)
            }
        }
        let index = try pick.get()
        return try entries[index].clientResponse(for: request, number: index + 1)
    }

    private func notRecorded(_ key: ReplayKey, request: ClientRequest, detail: String) -> NetworkError {
        let body = matchesBodies ? " with this body" : ""
        return NetworkError(
            .transportFailed,
            message: "ReplayingTransport has no recorded response for \(key.description)\(body): \(detail)",
            request: request
        )
    }
}
