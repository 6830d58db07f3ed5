import Courier
import CourierTesting
import Foundation
import Testing

@Suite("StubRoute.operation")
struct StubRouteOperationTests {
    private static func endpoint(_ operation: String?, path: RequestPath) -> Endpoint<String> {
        var endpoint = Endpoint<String>(path: path)
        endpoint.options.operationID = operation
        return endpoint
    }

    @Test("matches every request with the operation ID, whatever its method, path and query; no other")
    func matchesByOperationID() async throws {
        let stubs = StubTransport(unmatched: .expected)
            .stub(.operation("getPet"), with: .data(Data("pet".utf8)))
            .stub(.operation("listPets"), with: .data(Data("pets".utf8)))
        let client = Client(transport: stubs).targeting(Server(host: "api.example.com", basePath: "/v1"))
        #expect(try await client.send(Self.endpoint("getPet", path: "/pets/1")) == "pet")
        #expect(try await client.send(Self.endpoint("getPet", path: "/pets/2?x=1")) == "pet")
        #expect(try await client.send(Self.endpoint("listPets", path: "/pets")) == "pets")
        for unmatched in [Self.endpoint("deletePet", path: "/pets/1"), Self.endpoint(nil, path: "/pets/1")] {
            let error = await #expect(throws: NetworkError.self) { try await client.send(unmatched) }
            #expect(error?.kind == .transportFailed)
        }
        #expect(StubRoute.operation("getPet").description == "operation 'getPet'")
    }

    @Test("matches the endpoints Endpoint(operation:) builds")
    func matchesOperationEndpoints() async throws {
        let stubs = StubTransport().stub(.operation("getPet"), with: .json(#"{"id":1}"#, status: 404))
        let endpoint = Endpoint<Int>(operation: "getPet", method: .get, path: "/pets/1", coders: .iso8601) { response in
            response.status
        }
        let status = try await Client(transport: stubs).targeting(Server(host: "api.example.com")).send(endpoint)
        #expect(status == 404)
    }
}
