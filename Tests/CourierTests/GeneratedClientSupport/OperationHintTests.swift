import Courier
import CourierTesting
import Foundation
import Testing

private struct Problem: Codable, Hashable, Sendable, DocumentedObject {
    var detail: String?
    static let documentedKeys: Set<String> = ["detail"]
}

private enum GetThingError: Error, Sendable, Hashable {
    case unprocessable(Problem)
}

private func getThing() -> Endpoint<Problem> {
    Endpoint<Problem>(operation: "getThing", method: .get, path: "/thing", coders: .iso8601) { response in
        switch response.status {
        case 200: return try response.json(Problem.self)
        case 422: throw response.failure(GetThingError.unprocessable(try response.json(Problem.self)))
        default: throw response.unacceptable()
        }
    }
}

private func error(_ stub: StubResponse, drift: DocumentDrift = .tolerant()) async throws -> NetworkError {
    let client = Client(transport: StubTransport().stub(.get, "/thing", with: stub)).targeting(Server(host: "api.test"))
        .handlingDocumentDrift(drift)
    return try await #require(throws: NetworkError.self) { try await client.send(getThing()) }
}

private func hint(_ error: NetworkError) -> String {
    error.description.split(separator: "\n").first { $0.trimmingCharacters(in: .whitespaces).hasPrefix("hint:") }
        .map(String.init) ?? ""
}

/// Issue 25 review: the hints of errors that generated operations make.
@Suite struct OperationHintTests {
    @Test(arguments: [true, false])
    func aSchemaMismatchPointsToErrorSchemaMismatch(tolerant: Bool) async throws {
        let failure = try await error(.json(#"{"error": "no"}"#, status: 422), drift: tolerant ? .tolerant() : .strict)
        #expect(failure.schemaMismatch != nil)
        let text = hint(failure)
        #expect(text.contains("error.schemaMismatch has the reason, the schema's type and the raw body"))
        #expect(text.contains("operation 'getThing'"))
        #expect(!text.contains("AcceptableStatus"))
        #expect(!text.contains("compare it with the model"))
    }

    @Test(arguments: [301, 302, 303, 307, 308])
    func aFollowableRedirectSuggestsFollowingRedirects(status: Int) async throws {
        let text = hint(try await error(.status(status)))
        #expect(text.contains("operation 'getThing' does not document status \(status): a redirect that no layer followed"))
    }

    @Test(arguments: [300, 304, 305, 306])
    func aStatusNoLayerFollowsIsNotCalledARedirect(status: Int) async throws {
        let text = hint(try await error(.status(status)))
        #expect(!text.contains("redirect"))
        #expect(text.contains("operation 'getThing' does not document status \(status): the server answered what its OpenAPI document does not describe"))
    }
}
