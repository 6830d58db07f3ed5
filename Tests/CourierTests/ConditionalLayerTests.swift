import Courier
import CourierTestSupport
import Foundation
import HTTPTypes
import Testing

@Suite("Conditional layers and request conditions")
struct ConditionalLayerTests {
    @Test("host, host with port, path prefix at a segment boundary, method, operation, and their combinations")
    func conditions() throws {
        var request = try ClientRequest(.post, url: "https://API.example.com:8443/admin/users?x=1")
        request.options.operationID = "createUser"
        #expect(RequestCondition.host("api.example.com").matches(request))
        #expect(RequestCondition.host("api.example.com:8443").matches(request))
        #expect(!RequestCondition.host("api.example.com:443").matches(request))
        #expect(!RequestCondition.host("example.com").matches(request))
        #expect(RequestCondition.pathPrefix("/admin").matches(request))
        #expect(RequestCondition.pathPrefix("/admin/").matches(request))
        #expect(!RequestCondition.pathPrefix("/adm").matches(request))
        #expect(RequestCondition.method(.post, .put).matches(request))
        #expect(!RequestCondition.method(.get).matches(request))
        #expect(RequestCondition.operation("createUser").matches(request))
        #expect((.host("api.example.com") && .method(.post)).matches(request))
        #expect(!(.host("api.example.com") && .method(.get)).matches(request))
        #expect((.method(.get) || .pathPrefix("/admin")).matches(request))
        #expect((!RequestCondition.method(.get)).matches(request))
        let v6 = try ClientRequest(.get, url: "http://[::1]:8080/x")
        #expect(RequestCondition.host("::1").matches(v6))
        #expect(RequestCondition.host("[::1]:8080").matches(v6))
        #expect(!RequestCondition.host("[::1]:9090").matches(v6))
        #expect(RequestCondition.pathPrefix("admin").matches(request))
        #expect(RequestCondition.pathPrefix("/").matches(request))
        let relative = try ClientRequest(.get, path: "/admin")
        #expect(!RequestCondition.host("api.example.com").matches(relative))
    }

    @Test("only matching requests pass through the conditional layers; others skip them")
    func onlyMatchingRequestsAreLayered() async throws {
        let transport = RecordingTransport()
        let client = Client(transport: transport)
            .when(.pathPrefix("/items")) { $0.with(StampHeader(name: "X-Stamp", value: "1")) }
        _ = try await client.send(try ClientRequest(.get, url: "https://api.example.com/items/1"))
        _ = try await client.send(try ClientRequest(.get, url: "https://api.example.com/other"))
        let stamps = transport.requests.map { $0.head.headerFields[HTTPField.Name("X-Stamp")!] }
        #expect(stamps == ["1", nil])
    }
}
