import Courier
import CourierTesting
import Foundation
import HTTPTypes
import Testing

private struct RGB: Encodable, Sendable {
    var R = 100
    var G = 200
    var B = 150
}

private enum Species: String, Codable, Sendable {
    case dog, cat
}

private struct PriceRange: Encodable, Sendable {
    var gte: Int
    var lte: Int
}

private struct Filter: Encodable, Sendable {
    var status: String
    var price: PriceRange
    var tags: [String]
    var note: String?
}

private struct Pet: Codable, Sendable, Equatable {
    var id: Int
    var born: Date
}

private enum PetError: Error, Sendable, Equatable {
    case notFound
    case invalid(String)
}

private struct Node: Codable, Hashable, Sendable {
    var value: Int
    var _next: Indirect<Node>?

    var next: Node? {
        get { _next?.value }
        set { _next = newValue.map(Indirect.init) }
    }

    enum CodingKeys: String, CodingKey {
        case value
        case _next = "next"
    }
}

/// The parameters' query items as `name=value`, decoded, joined by `&`: how OpenAPI's style table
/// writes them.
private func items(_ build: (inout OperationParameters) -> Void) -> String {
    var parameters = OperationParameters()
    build(&parameters)
    return parameters.queryItems.map { "\($0.name)=\($0.value ?? "")" }.joined(separator: "&")
}

/// The request an operation endpoint with `parameters` builds.
private func request(_ build: (inout OperationParameters) -> Void) throws -> ClientRequest {
    var parameters = OperationParameters()
    build(&parameters)
    return try Endpoint<Void>(operation: "test", method: .get, path: "/x", parameters: parameters, coders: .iso8601) { _ in }.makeRequest()
}

private let colors = ["blue", "black", "brown"]

@Suite("OpenAPI support for generated clients")
struct OpenAPISupportTests {
    // MARK: Query styles (OpenAPI 3.1 style examples)

    @Test("query styles: every style and explode of OpenAPI's table, for a string, an array and an object", arguments: [
        (ParameterStyle.form, false, "color=blue", "color=blue,black,brown", "color=R,100,G,200,B,150"),
        (.form, true, "color=blue", "color=blue&color=black&color=brown", "R=100&G=200&B=150"),
        (.spaceDelimited, false, "color=blue", "color=blue black brown", "color=R 100 G 200 B 150"),
        (.spaceDelimited, true, "color=blue", "color=blue&color=black&color=brown", "R=100&G=200&B=150"),
        (.pipeDelimited, false, "color=blue", "color=blue|black|brown", "color=R|100|G|200|B|150"),
        (.pipeDelimited, true, "color=blue", "color=blue&color=black&color=brown", "R=100&G=200&B=150"),
        (.deepObject, true, "color=blue", "color[]=blue&color[]=black&color[]=brown", "color[R]=100&color[G]=200&color[B]=150"),
        (.deepObject, false, "color=blue", "color[]=blue&color[]=black&color[]=brown", "color[R]=100&color[G]=200&color[B]=150"),
    ])
    func queryStyles(_ style: ParameterStyle, _ explode: Bool, _ string: String, _ array: String, _ object: String) {
        #expect(items { $0.query("color", "blue", style: style, explode: explode) } == string)
        #expect(items { $0.query("color", colors, style: style, explode: explode) } == array)
        #expect(items { $0.query("color", RGB(), style: style, explode: explode) } == object)
    }

    @Test("query defaults are form, exploded; an empty string is `color=`; nil and empty arrays send nothing")
    func queryDefaultsAndAbsence() {
        #expect(items { $0.query("color", colors) } == "color=blue&color=black&color=brown")
        #expect(items { $0.query("color", "") } == "color=")
        #expect(items { $0.query("color", String?.none) } == "")
        #expect(items { $0.query("color", [String]()) } == "")
        #expect(items { $0.query("color", [String]()); $0.query("limit", 5) } == "limit=5")
    }

    @Test("query values: Int, Double, Bool literal, Date ISO 8601, enum raw value, optional elements dropped")
    func queryScalars() {
        let result = items { parameters in
            parameters.query("limit", 20)
            parameters.query("ratio", 1.5)
            parameters.query("whole", 2.0)
            parameters.query("flag", true)
            parameters.query("since", Date(timeIntervalSince1970: 0))
            parameters.query("at", Date(timeIntervalSince1970: 1.25))
            parameters.query("species", Species.cat)
            parameters.query("kinds", [Species.dog, .cat], explode: false)
            parameters.query("maybe", ["a", nil, "b"] as [String?])
        }
        #expect(result == "limit=20&ratio=1.5&whole=2&flag=true&since=1970-01-01T00:00:00Z&at=1970-01-01T00:00:01.250Z&species=cat&kinds=dog,cat&maybe=a&maybe=b")
    }

    @Test("query names and values are percent-encoded as data: & = + space é / and the style's separators")
    func queryPercentEncoding() throws {
        let sent = try request { parameters in
            parameters.query("q", "a&b=c+d e/é?#%")
            parameters.query("tags", ["a b", "c&d"])
            parameters.query("list", ["x,y", "z"], explode: false)
            parameters.query("pipes", ["1", "2"], style: .pipeDelimited, explode: false)
            parameters.query("f", RGB(), style: .deepObject)
        }
        #expect(sent.head.path == "/x?q=a%26b%3Dc%2Bd%20e%2F%C3%A9%3F%23%25&tags=a%20b&tags=c%26d&list=x%2Cy%2Cz&pipes=1%7C2&f%5BR%5D=100&f%5BG%5D=200&f%5BB%5D=150")
    }

    @Test("deepObject nests objects and arrays with brackets; nil fields are left out")
    func deepObjectNested() {
        let filter = Filter(status: "open", price: PriceRange(gte: 1, lte: 9), tags: ["a", "b"], note: nil)
        #expect(items { $0.query("filter", filter, style: .deepObject) }
            == "filter[status]=open&filter[price][gte]=1&filter[price][lte]=9&filter[tags][]=a&filter[tags][]=b")
        #expect(items { $0.query("filter", filter) }
            == "status=open&price[gte]=1&price[lte]=9&tags[]=a&tags[]=b")
    }

    @Test("a dictionary is an object: its entries become fields")
    func dictionaryQuery() {
        #expect(items { $0.query("meta", ["k": "v"], style: .deepObject) } == "meta[k]=v")
        #expect(items { $0.query("meta", ["k": "v"], explode: false) } == "meta=k,v")
    }

    @Test("a value that cannot be encoded fails the request with encodingFailed naming the parameter")
    func unencodableParameter() throws {
        let error = try #require(throws: NetworkError.self) { try request { $0.query("ratio", Double.nan) } }
        #expect(error.kind == .encodingFailed)
        #expect(error.message?.contains("'ratio'") == true)
    }

    // MARK: Path styles

    @Test("path styles: simple, label and matrix, exploded or not, for a string, an array and an object", arguments: [
        (ParameterStyle.simple, false, "blue", "blue,black,brown", "R,100,G,200,B,150"),
        (.simple, true, "blue", "blue,black,brown", "R=100,G=200,B=150"),
        (.label, false, ".blue", ".blue,black,brown", ".R,100,G,200,B,150"),
        (.label, true, ".blue", ".blue.black.brown", ".R=100.G=200.B=150"),
        (.matrix, false, ";color=blue", ";color=blue,black,brown", ";color=R,100,G,200,B,150"),
        (.matrix, true, ";color=blue", ";color=blue;color=black;color=brown", ";R=100;G=200;B=150"),
    ])
    func pathStyles(_ style: ParameterStyle, _ explode: Bool, _ string: String, _ array: String, _ object: String) {
        #expect(PathParameter.encode("color", "blue", style: style, explode: explode) == string)
        #expect(PathParameter.encode("color", colors, style: style, explode: explode) == array)
        #expect(PathParameter.encode("color", RGB(), style: style, explode: explode) == object)
    }

    @Test("path: an empty string per style, values percent-encoded, `.` and `..` kept in their segment, dates and enums by wire form")
    func pathEncoding() {
        #expect(PathParameter.encode("color", "") == "")
        #expect(PathParameter.encode("color", "", style: .label) == "%2E")   // "." alone would be a dot segment
        #expect(PathParameter.encode("color", "", style: .matrix) == ";color")
        #expect(PathParameter.encode("id", "a/b c,é") == "a%2Fb%20c%2C%C3%A9")
        #expect(PathParameter.encode("id", ["a,b", "c"]) == "a%2Cb,c")
        #expect(PathParameter.encode("id", "..") == "%2E%2E")
        #expect(PathParameter.encode("id", [".."]) == "%2E%2E")
        #expect(PathParameter.encode("id", ".", style: .label) == "%2E%2E")
        #expect(PathParameter.encode("id", "a", style: .label) == ".a")
        #expect(PathParameter.encode("day", Date(timeIntervalSince1970: 0)) == "1970-01-01T00%3A00%3A00Z")
        #expect(PathParameter.encode("species", Species.dog) == "dog")
        let path: RequestPath = "/pets/\(raw: PathParameter.encode("ids", [3, 4], style: .matrix))/toys"
        #expect(path.encoded == "/pets/;ids=3,4/toys")
    }

    // MARK: Headers and cookies

    @Test("headers use the simple style; nil sets nothing")
    func headers() {
        var parameters = OperationParameters()
        parameters.header("X-Trace-Id", "abc-1")
        parameters.header("X-Ids", [1, 2, 3])
        parameters.header("X-Color", RGB())
        parameters.header("X-Color-Exploded", RGB(), explode: true)
        parameters.header("X-Missing", Int?.none)
        parameters.header("X-Flag", false)
        #expect(parameters.headers == [
            "X-Trace-Id": "abc-1", "X-Ids": "1,2,3", "X-Color": "R,100,G,200,B,150",
            "X-Color-Exploded": "R=100,G=200,B=150", "X-Flag": "false",
        ])
    }

    @Test("cookies are joined into one Cookie header; values a cookie cannot hold are percent-encoded")
    func cookies() throws {
        let sent = try request { parameters in
            parameters.cookie("session", "abc123")
            parameters.cookie("absent", String?.none)
            parameters.cookie("note", "a b;c,d%é")
            parameters.cookie("ids", [1, 2], explode: false)
            parameters.cookie("id", [3, 4])
        }
        #expect(sent.head.headerFields[.cookie] == "session=abc123; note=a%20b%3Bc%2Cd%25%C3%A9; ids=1,2; id=3; id=4")
    }

    // MARK: Endpoints

    @Test("Endpoint(operation:) sets the operation ID, accepts every status, sends JSON Accept, the parameters and a body encoded by the coders")
    func operationEndpoint() throws {
        var parameters = OperationParameters()
        parameters.query("limit", 5)
        parameters.header("X-Trace-Id", "t-1")
        parameters.cookie("session", "s")
        let pet = Pet(id: 1, born: Date(timeIntervalSince1970: 0.5))
        let endpoint = Endpoint<Pet>(
            operation: "createPet", method: .post, path: "/pets", parameters: parameters,
            body: .json(pet, encoder: APICoders.iso8601.encoder), coders: .iso8601
        ) { response in try response.json(Pet.self) }
        #expect(endpoint.options.operationID == "createPet")
        #expect(endpoint.acceptableStatus == .any)
        #expect(endpoint.decoder === APICoders.iso8601.decoder)
        let sent = try endpoint.makeRequest()
        #expect(sent.method == .post)
        #expect(sent.head.path == "/pets?limit=5")
        #expect(sent.head.headerFields[.accept] == "application/json")
        #expect(sent.head.headerFields[HTTPField.Name("X-Trace-Id")!] == "t-1")
        #expect(sent.head.headerFields[.cookie] == "session=s")
        #expect(sent.head.headerFields[.contentType] == "application/json")
        #expect(sent.body.bufferedData == Data(#"{"born":"1970-01-01T00:00:00.500Z","id":1}"#.utf8))
        #expect(sent.options.operationID == "createPet")
    }

    @Test("Accept can be another type, none, or a header parameter's")
    func acceptHeader() throws {
        let data = try Endpoint<Data>(operation: "d", method: .get, path: "/d", accept: "application/octet-stream", coders: .iso8601) { $0.data }.makeRequest()
        #expect(data.head.headerFields[.accept] == "application/octet-stream")
        let none = try Endpoint<Data>(operation: "d", method: .get, path: "/d", accept: nil, coders: .iso8601) { $0.data }.makeRequest()
        #expect(none.head.headerFields[.accept] == nil)
        var parameters = OperationParameters()
        parameters.header("accept", "text/csv")
        let own = try Endpoint<Data>(operation: "d", method: .get, path: "/d", parameters: parameters, coders: .iso8601) { $0.data }.makeRequest()
        #expect(own.head.headerFields[values: .accept] == ["text/csv"])
        #expect(RequestOptions(operationID: "x").operationID == "x")
    }

    // MARK: Responses

    private static func getPet(_ id: Int) -> Endpoint<Pet> {
        Endpoint<Pet>(operation: "getPet", method: .get, path: "/pets/\(id)", coders: .iso8601) { response in
            switch response.status {
            case 200: return try response.json(Pet.self)
            case 404: throw response.failure(PetError.notFound)
            case 422: throw response.failure(PetError.invalid(try response.text()))
            default: throw response.unacceptable()
            }
        }
    }

    private static func client(status: Int, body: String) -> Client {
        Client(transport: StubTransport().stub(.operation("getPet"), with: .json(body, status: status)))
            .targeting(Server(host: "api.example.com"))
    }

    @Test("a documented success decodes with the coders' dates")
    func success() async throws {
        let pet = try await Self.client(status: 200, body: #"{"id":7,"born":"2024-01-01T10:00:00.5+02:00"}"#).send(Self.getPet(7))
        #expect(pet == Pet(id: 7, born: Date(timeIntervalSince1970: 1_704_096_000.5)))
    }

    @Test("failure() is unacceptableStatus with the documented error, which documentedError(as:) returns")
    func documentedFailure() async throws {
        let error = try await #require(throws: NetworkError.self) {
            try await Self.client(status: 404, body: "{}").send(Self.getPet(7))
        }
        #expect(error.kind == .unacceptableStatus(404))
        #expect(error.documentedError(as: PetError.self) == .notFound)
        #expect(error.documentedError(as: CancellationError.self) == nil)
        #expect(error.response?.status.code == 404)

        let invalid = try await #require(throws: NetworkError.self) {
            try await Self.client(status: 422, body: "bad id").send(Self.getPet(7))
        }
        #expect(invalid.kind == .unacceptableStatus(422))
        #expect(invalid.documentedError(as: PetError.self) == .invalid("bad id"))
    }

    @Test("unacceptable() is unacceptableStatus without a documented error")
    func undocumentedStatus() async throws {
        let error = try await #require(throws: NetworkError.self) {
            try await Self.client(status: 503, body: "").send(Self.getPet(7))
        }
        #expect(error.kind == .unacceptableStatus(503))
        #expect(error.documentedError(as: PetError.self) == nil)
        #expect(error.response?.status.code == 503)
    }

    @Test("json() of an empty body is emptyBody; of the wrong shape, decodingFailed with the path; a bad date too")
    func jsonFailures() async throws {
        let empty = try await #require(throws: NetworkError.self) { try await Self.client(status: 200, body: "").send(Self.getPet(7)) }
        #expect(empty.kind == .emptyBody)
        let wrong = try await #require(throws: NetworkError.self) {
            try await Self.client(status: 200, body: #"{"id":"seven","born":"2024-01-01T00:00:00Z"}"#).send(Self.getPet(7))
        }
        #expect(wrong.kind == .decodingFailed(codingPath: "id"))
        let date = try await #require(throws: NetworkError.self) {
            try await Self.client(status: 200, body: #"{"id":1,"born":"yesterday"}"#).send(Self.getPet(7))
        }
        #expect(date.kind == .decodingFailed(codingPath: "born"))
    }

    // MARK: Coders

    @Test("APICoders writes UTC dates with fractional seconds only when there are some, keys sorted", arguments: [
        (0.0, #"{"born":"1970-01-01T00:00:00Z","id":1}"#),
        (1.25, #"{"born":"1970-01-01T00:00:01.250Z","id":1}"#),
        (1_704_103_200.5, #"{"born":"2024-01-01T10:00:00.500Z","id":1}"#),
    ])
    func encodesDates(_ seconds: Double, _ json: String) throws {
        let data = try APICoders.iso8601.encoder.encode(Pet(id: 1, born: Date(timeIntervalSince1970: seconds)))
        #expect(String(decoding: data, as: UTF8.self) == json)
    }

    @Test("APICoders reads RFC 3339 dates with or without fractional seconds, offsets, a space, lower case, or no zone (UTC)", arguments: [
        ("2024-01-01T10:00:00Z", 1_704_103_200.0),
        ("2024-01-01T10:00:00.5Z", 1_704_103_200.5),
        ("2024-01-01T10:00:00.123456Z", 1_704_103_200.123456),
        ("2024-01-01T10:00:00+02:00", 1_704_096_000.0),
        ("2024-01-01T10:00:00-05:30", 1_704_123_000.0),
        ("2024-01-01 10:00:00Z", 1_704_103_200.0),
        ("2024-01-01t10:00:00z", 1_704_103_200.0),
        ("2024-01-01T10:00:00", 1_704_103_200.0),
        ("2024-01-01T10:00:00.25", 1_704_103_200.25),
    ])
    func decodesDates(_ text: String, _ seconds: Double) throws {
        let pet = try APICoders.iso8601.decoder.decode(Pet.self, from: Data(#"{"id":1,"born":"\#(text)"}"#.utf8))
        #expect(abs(pet.born.timeIntervalSince1970 - seconds) < 0.000_001)
    }

    @Test("APICoders rejects text that is not a date-time", arguments: ["2024-01-01", "yesterday", "", "2024-13-01T00:00:00Z"])
    func rejectsDates(_ text: String) {
        #expect(throws: DecodingError.self) {
            try APICoders.iso8601.decoder.decode(Pet.self, from: Data(#"{"id":1,"born":"\#(text)"}"#.utf8))
        }
    }

    // MARK: JSONValue and Indirect

    @Test("JSONValue round-trips any JSON; integers stay integers and 1.5 stays a double")
    func jsonValueRoundTrip() throws {
        let text = #"{"a":1,"b":1.5,"c":[true,null,"x",-3],"d":{"e":{}},"f":[],"g":12345678901234567890}"#
        let value = try JSONDecoder().decode(JSONValue.self, from: Data(text.utf8))
        let expected: JSONValue = [
            "a": 1, "b": 1.5, "c": [true, nil, "x", -3], "d": ["e": [:]], "f": [], "g": .double(12_345_678_901_234_567_168),
        ]
        #expect(value == expected)
        guard case .object(let members) = value else { Issue.record("not an object"); return }
        #expect(members["a"] == .int(1))
        #expect(members["b"] == .double(1.5))
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        let again = String(decoding: try encoder.encode(value), as: UTF8.self)
        #expect(again == #"{"a":1,"b":1.5,"c":[true,null,"x",-3],"d":{"e":{}},"f":[],"g":1.2345678901234567e+19}"#)
        let scalars = try JSONDecoder().decode([JSONValue].self, from: Data("[0, false, \"1\"]".utf8))
        #expect(scalars == [.int(0), .bool(false), .string("1")])
    }

    @Test("Indirect encodes as its value, round-trips a recursive struct and keeps value semantics")
    func indirectRoundTrip() throws {
        var list = Node(value: 1)
        list.next = Node(value: 2, _next: Indirect(Node(value: 3)))
        let data = try APICoders.iso8601.encoder.encode(list)
        #expect(String(decoding: data, as: UTF8.self) == #"{"next":{"next":{"value":3},"value":2},"value":1}"#)
        let decoded = try APICoders.iso8601.decoder.decode(Node.self, from: data)
        #expect(decoded == list)
        #expect(decoded.next?.next?.value == 3)
        var copy = decoded
        copy.next?.value = 20
        #expect(decoded.next?.value == 2)
        #expect(copy.next?.value == 20)
        #expect(Set([Indirect(1), Indirect(1), Indirect(2)]).count == 2)
        let date = try APICoders.iso8601.encoder.encode(Indirect(Date(timeIntervalSince1970: 0)))
        #expect(String(decoding: date, as: UTF8.self) == #""1970-01-01T00:00:00Z""#)
    }

    // MARK: Credentials

    @Test("an API key cookie joins the Cookie header with `; `, replaces one of its name, and is recorded as a credential header")
    func apiKeyCookie() throws {
        var plain = try ClientRequest(url: "https://api.example.com/items")
        try Credential.apiKey("k-42", cookie: "api_key").apply(to: &plain)
        #expect(plain.head.headerFields[.cookie] == "api_key=k-42")
        #expect(plain.options.credentialHeaders.contains("cookie"))

        var withSession = try ClientRequest(url: "https://api.example.com/items", headers: ["Cookie": "session=1"])
        try Credential.apiKey("k-42", cookie: "api_key").apply(to: &withSession)
        try Credential.apiKey("k-43", cookie: "api_key").apply(to: &withSession)
        #expect(withSession.head.headerFields[.cookie] == "session=1; api_key=k-43")
        #expect(!"\(Credential.apiKey("k-42", cookie: "api_key"))".contains("k-42"))
    }

    @Test("an API key cookie whose name or value a Cookie header cannot hold is refused as invalidHeader(Cookie)",
          arguments: [("k;admin=1", "api_key"), ("k 42", "api_key"), ("k\"42", "api_key"), ("k-42", "api key"), ("k-42", "a=b"), ("k-42", "")])
    func apiKeyCookieRefusesBadBytes(value: String, name: String) throws {
        var request = try ClientRequest(url: "https://api.example.com/items")
        let error = try #require(throws: NetworkError.self) { try Credential.apiKey(value, cookie: name).apply(to: &request) }
        #expect(error.kind == .invalidHeader(name: "Cookie"))
        #expect(request.head.headerFields[.cookie] == nil)
    }

    @Test("an API key cookie is sent to its origin and dropped on a redirect to another")
    func apiKeyCookieAcrossOrigins() async throws {
        let transport = RedirectUnitTests.redirecting(to: "https://other.example.com/landing")
        let client = Client(transport: transport).followingRedirects().authorizing(with: .credential(.apiKey("k-42", cookie: "api_key")))
        let response = try await client.send(try ClientRequest(url: "https://secure.example.com/start"))
        #expect(transport.requests.first?.head.headerFields[.cookie] == "api_key=k-42")
        #expect(transport.requests.count == 2)
        #expect(response.request.head.headerFields[.cookie] == nil)
    }
}
