import Courier
import Foundation
import HTTPTypes
import Testing

private struct Article: Codable, Sendable, Equatable {
    var id: Int
    var title: String
    var published: Date?
}

extension Endpoint where Value == [Article] {
    fileprivate static func articles(tag: String) -> Self {
        Endpoint(path: "/articles", query: [URLQueryItem(name: "tag", value: tag)])
    }
}

extension Endpoint where Value == Article {
    fileprivate static func create(_ article: Article) -> Self {
        Endpoint(method: .post, path: "/articles", body: .json(article))
    }
}

@Suite("Typed endpoints")
struct EndpointTests {
    @Test("an endpoint builds a relative request with a JSON body, Content-Type and Accept")
    func makesRequest() throws {
        let request = try Endpoint<Article>.create(Article(id: 1, title: "Hi")).makeRequest()
        #expect(request.method == .post)
        #expect(request.head.path == "/articles")
        #expect(request.head.headerFields[.contentType] == "application/json")
        #expect(request.head.headerFields[.accept] == "application/json")
        #expect(request.body.bufferedData == Data(#"{"id":1,"title":"Hi"}"#.utf8))
    }

    @Test("send decodes the value; response also returns the response")
    func decodes() async throws {
        let client = Client(transport: RecordingTransport(status: .ok, body: #"[{"id":1,"title":"A"}]"#))
            .targeting(Server(host: "example.com"))
        #expect(try await client.send(.articles(tag: "swift")) == [Article(id: 1, title: "A")])
        let (value, response) = try await client.response(.articles(tag: "swift"))
        #expect(value.count == 1)
        #expect(response.status == .ok)
        #expect(response.request.url?.absoluteString == "https://example.com/articles?tag=swift")
    }

    @Test("a status outside the accepted set is unacceptableStatus with the response")
    func unacceptableStatus() async throws {
        let client = Client(transport: RecordingTransport(status: .notFound, body: #"{"error":"nope"}"#))
        let error = await #expect(throws: NetworkError.self) { try await client.send(Endpoint<Article>(path: "/articles/9")) }
        #expect(error?.kind == .unacceptableStatus(404))
        #expect(error?.response?.status == .notFound)
        #expect(error?.bodyPreview?.contains(#"{"error":"nope"}"#) == true)
    }

    @Test("an endpoint can accept other statuses")
    func acceptsOtherStatuses() async throws {
        let client = Client(transport: RecordingTransport(status: .notFound, body: ""))
        try await client.send(Endpoint<Void>(method: .delete, path: "/session", accepting: .successful.union(.only(404))))
    }

    @Test("JSON of the wrong shape is decodingFailed with the coding path")
    func wrongShape() async throws {
        let client = Client(transport: RecordingTransport(status: .ok, body: #"[{"id":1,"title":"A"},{"id":"two","title":"B"}]"#))
        let error = await #expect(throws: NetworkError.self) { try await client.send(.articles(tag: "x")) }
        #expect(error?.kind == .decodingFailed(codingPath: "[1].id"))
        #expect(error?.underlying is DecodingError)
    }

    @Test("a missing key names the key in the coding path")
    func missingKey() async throws {
        let client = Client(transport: RecordingTransport(status: .ok, body: #"[{"id":1}]"#))
        let error = await #expect(throws: NetworkError.self) { try await client.send(.articles(tag: "x")) }
        #expect(error?.kind == .decodingFailed(codingPath: "[0].title"))
    }

    @Test("a body that is not JSON is decodingFailed at the root, with the body in the preview")
    func notJSON() async throws {
        let client = Client(transport: RecordingTransport(status: .ok, body: "<html>oops</html>", contentType: "text/html"))
        let error = await #expect(throws: NetworkError.self) { try await client.send(.articles(tag: "x")) }
        #expect(error?.kind == .decodingFailed(codingPath: ""))
        #expect(error?.description.contains("<html>oops</html>") == true)
    }

    @Test("an empty body where a value was expected is emptyBody")
    func emptyBody() async throws {
        let client = Client(transport: RecordingTransport(status: .ok, body: ""))
        let error = await #expect(throws: NetworkError.self) { try await client.send(.articles(tag: "x")) }
        #expect(error?.kind == .emptyBody)
    }

    @Test("Data, String and Void endpoints take the body as it is")
    func rawEndpoints() async throws {
        let client = Client(transport: RecordingTransport(status: .ok, body: "caf\u{e9}", contentType: "text/plain"))
        #expect(try await client.send(Endpoint<Data>(path: "/")) == Data("caf\u{e9}".utf8))
        #expect(try await client.send(Endpoint<String>(path: "/")) == "caf\u{e9}")
        try await client.send(Endpoint<Void>(path: "/"))
        let mapped: Endpoint<Int> = Endpoint<String>(path: "/").map { $0.count }
        #expect(try await client.send(mapped) == 4)
    }

    @Test("the client's decoder applies, and an endpoint's own decoder wins over it")
    func injectableDecoders() async throws {
        let body = #"{"id":1,"title":"A","published":"2026-01-02T03:04:05Z"}"#
        let iso = JSONDecoder()
        iso.dateDecodingStrategy = .iso8601
        let client = Client(transport: RecordingTransport(status: .ok, body: body))
        await #expect(throws: NetworkError.self) { try await client.send(Endpoint<Article>(path: "/")) }
        let article = try await client.decoding(with: iso).send(Endpoint<Article>(path: "/"))
        #expect(article.published == Date(timeIntervalSince1970: 1_767_323_045))
        var own = Endpoint<Article>(path: "/")
        own.decoder = iso
        #expect(try await client.send(own).published != nil)
    }

    @Test("an endpoint with its own decoding gets the client's decoder; Data, String and Void endpoints and their maps still decode")
    func decoderReachesCustomDecoding() async throws {
        let iso = JSONDecoder()
        iso.dateDecodingStrategy = .iso8601
        let client = Client(transport: RecordingTransport(status: .ok, body: #""2026-01-02T03:04:05Z""#)).decoding(with: iso)
        let custom = Endpoint<Date>(path: "/") { response in try response.decoder.decode(Date.self, from: response.data) }
        #expect(try await client.send(custom) == Date(timeIntervalSince1970: 1_767_323_045))
        let (text, response) = try await client.response(Endpoint<String>(path: "/"))
        #expect(text == #""2026-01-02T03:04:05Z""#)
        #expect(response.status == .ok)
        let mapped = Endpoint<Data>(path: "/").map { try iso.decode(Date.self, from: $0) }
        #expect(try await client.send(mapped) == Date(timeIntervalSince1970: 1_767_323_045))
        let viaDecoder = Endpoint<Date>(path: "/") { response in try response.decoder.decode(Date.self, from: response.data) }.map { $0 }
        #expect(try await client.send(viaDecoder) == Date(timeIntervalSince1970: 1_767_323_045))
    }

    @Test("accepted statuses: a range, a union, nothing; equal when built from the same ranges in the same order")
    func acceptedStatuses() {
        #expect(AcceptableStatus.successful.contains(.ok))
        #expect(!AcceptableStatus.successful.contains(.notFound))
        let withMissing = AcceptableStatus.successful.union(.only(404, 410))
        #expect(withMissing.contains(.noContent) && withMissing.contains(.notFound) && withMissing.contains(.gone))
        #expect(!withMissing.contains(.badRequest))
        #expect(!AcceptableStatus.only().contains(.ok))
        #expect(AcceptableStatus.only().union(.only(201)).contains(.created))
        #expect(AcceptableStatus.only(200).union(.only(201)) == .only(200, 201))
        #expect(AcceptableStatus.range(200...299) == .successful)
        #expect(AcceptableStatus.only(200) != .only(201))
        #expect(AcceptableStatus.only(200, 201) != .only(200, 202), "the ranges after the first count too")
        #expect(AcceptableStatus.only(200, 201).hashValue == AcceptableStatus.only(200).union(.only(201)).hashValue)
        #expect(AcceptableStatus.any.contains(HTTPResponse.Status(code: 599)))
    }

    @Test("the client's encoder applies to JSON bodies, and an endpoint's own encoder wins")
    func injectableEncoders() async throws {
        let transport = RecordingTransport(status: .ok, body: #"{"id":1,"title":"A"}"#)
        let snake = JSONEncoder()
        snake.keyEncodingStrategy = .convertToSnakeCase
        snake.outputFormatting = .sortedKeys
        struct Payload: Encodable, Sendable { var firstName = "Ada" }
        let endpoint = Endpoint<Data>(method: .post, path: "/", body: .json(Payload()))
        _ = try await Client(transport: transport).encoding(with: snake).send(endpoint)
        var own = endpoint
        own.encoder = JSONEncoder()
        _ = try await Client(transport: transport).encoding(with: snake).send(own)
        #expect(transport.requests.map { $0.body.bufferedData.map { String(decoding: $0, as: UTF8.self) } } == [
            #"{"first_name":"Ada"}"#, #"{"firstName":"Ada"}"#,
        ])
    }

    @Test("a body that fails to encode is encodingFailed and nothing is sent")
    func encodingFails() async throws {
        struct Bad: Encodable, Sendable {
            func encode(to encoder: any Encoder) throws {
                throw EncodingError.invalidValue(0, .init(codingPath: [], debugDescription: "no"))
            }
        }
        let transport = RecordingTransport()
        let error = await #expect(throws: NetworkError.self) {
            try await Client(transport: transport).send(Endpoint<Void>(method: .post, path: "/", body: .json(Bad())))
        }
        #expect(error?.kind == .encodingFailed)
        #expect(transport.requests.isEmpty)
    }

    @Test("an endpoint's options reach the request")
    func options() async throws {
        var options = RequestOptions()
        options.timeout = .seconds(3)
        let transport = RecordingTransport()
        try await Client(transport: transport).send(Endpoint<Void>(path: "/", options: options))
        #expect(transport.requests.first?.options.timeout == .seconds(3))
    }
}
