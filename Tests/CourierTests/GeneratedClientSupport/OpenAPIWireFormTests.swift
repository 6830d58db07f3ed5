import Courier
import CourierTesting
import Foundation
import Testing

private struct Order: Codable, Sendable, Equatable {
    var id: UUID
    var related: [UUID]
    var parent: UUID?
    var byName: [String: UUID]
    var placed: Date
    var receipt: Data
    var link: String
}

private enum OrderError: Error, Sendable {
    case notFound
}

/// What generated clients put on the wire and print (issue #25, item 7): UUIDs in lower case (RFC 9562's
/// canonical form) in every parameter style and in JSON bodies, `/` unescaped in JSON, and an error hint that
/// speaks of the operation's document rather than of an `AcceptableStatus` it never used.
@Suite("OpenAPI wire forms and hints")
struct OpenAPIWireFormTests {
    private static let uuid = UUID(uuidString: "5E3F2C1A-9B8D-4E7F-A6B5-C4D3E2F1A0B9")!
    private static let lower = "5e3f2c1a-9b8d-4e7f-a6b5-c4d3e2f1a0b9"

    @Test("a UUID goes lower-case into a path, a query, a header, a cookie and every path style")
    func uuidParameters() throws {
        let path: RequestPath = "/orders/\(Self.uuid)"
        #expect(path.encoded == "/orders/\(Self.lower)")
        var parameters = OperationParameters()
        parameters.query("id", Self.uuid)
        parameters.query("ids", [Self.uuid, Self.uuid], style: .form, explode: false)
        parameters.header("X-Order", Self.uuid)
        parameters.cookie("order", Self.uuid)
        #expect(parameters.queryItems.map { "\($0.name)=\($0.value ?? "")" } == ["id=\(Self.lower)", "ids=\(Self.lower),\(Self.lower)"])
        #expect(parameters.headers["X-Order"] == Self.lower)
        #expect(parameters.cookieHeader == "order=\(Self.lower)")
        #expect(PathParameter.encode("id", Self.uuid, style: .label) == "." + Self.lower)
        #expect(PathParameter.encode("id", Self.uuid, style: .matrix) == ";id=" + Self.lower)
    }

    @Test("APICoders writes every UUID of a body lower-case, nested or not, and leaves dates, data and strings to the encoder")
    func uuidInJSON() throws {
        let order = Order(
            id: Self.uuid, related: [Self.uuid], parent: Self.uuid, byName: ["a": Self.uuid],
            placed: Date(timeIntervalSince1970: 0), receipt: Data([1, 2, 3]), link: "https://example.com/a/b")
        let text = String(decoding: try APICoders.iso8601.encoder.encode(order), as: UTF8.self)
        let l = Self.lower
        #expect(text == #"{"byName":{"a":"\#(l)"},"id":"\#(l)","link":"https://example.com/a/b","parent":"\#(l)","placed":"1970-01-01T00:00:00Z","receipt":"AQID","related":["\#(l)"]}"#)
        #expect(try APICoders.iso8601.decoder.decode(Order.self, from: Data(text.utf8)) == order)
        #expect(String(decoding: try APICoders.iso8601.encoder.encode(Self.uuid), as: UTF8.self) == "\"\(l)\"")
        #expect(String(decoding: try APICoders.iso8601.encoder.encode([Self.uuid]), as: UTF8.self) == "[\"\(l)\"]")
    }

    @Test("APICoders does not escape slashes in JSON strings")
    func slashes() throws {
        let text = String(decoding: try APICoders.iso8601.encoder.encode(["path": "/v1/a/b"]), as: UTF8.self)
        #expect(text == #"{"path":"/v1/a/b"}"#)
        #expect(!text.contains(#"\/"#))
    }

    private static func getOrder() -> Endpoint<Order> {
        Endpoint<Order>(operation: "getOrder", method: .get, path: "/orders/1", coders: .iso8601) { response in
            switch response.status {
            case 200: return try response.json(Order.self)
            case 404: throw response.failure(OrderError.notFound)
            default: throw response.unacceptable()
            }
        }
    }

    private static func error(status: Int, _ endpoint: Endpoint<Order> = getOrder()) async throws -> NetworkError {
        let client = Client(transport: StubTransport().stub(.get, "/orders/1", with: .json("{}", status: status)))
            .targeting(Server(host: "api.example.com"))
        return try await #require(throws: NetworkError.self) { try await client.send(endpoint) }
    }

    private static func hint(_ error: NetworkError) -> String {
        error.description.split(separator: "\n").first { $0.trimmingCharacters(in: .whitespaces).hasPrefix("hint:") }
            .map(String.init) ?? ""
    }

    @Test("an operation's undocumented status gets a hint about its document, never about AcceptableStatus", arguments: [
        418, 503, 302, 204,
    ])
    func undocumentedHint(status: Int) async throws {
        let hint = Self.hint(try await Self.error(status: status))
        #expect(!hint.contains("AcceptableStatus"))
        #expect(hint.contains("operation 'getOrder' does not document status \(status)"))
    }

    @Test("an operation's documented failure gets a hint that names documentedError(as:)")
    func documentedHint() async throws {
        let hint = Self.hint(try await Self.error(status: 404))
        #expect(!hint.contains("AcceptableStatus"))
        #expect(hint.contains("documentedError(as:)"))
        #expect(hint.contains("check the path, the parameters, the body and the credentials"))
    }

    @Test("an endpoint that is not an operation keeps the AcceptableStatus hint, which it did use")
    func plainEndpointHint() async throws {
        let plain = Endpoint<Order>(method: .get, path: "/orders/1", accepting: .only(200))
        let hint = Self.hint(try await Self.error(status: 204, plain))
        #expect(hint.contains("widen its AcceptableStatus"))
    }
}
