import Courier
import CourierTesting
import Foundation
import Testing

/// An all-optional schema, as the generator writes one: it lists its keys.
private struct Profile: Codable, Hashable, Sendable, DocumentedObject {
    var nickname: String?
    static let documentedKeys: Set<String> = ["nickname"]
}

/// A JSON decoder that counts the documents it parses.
private final class CountingDecoder: JSONDecoder, @unchecked Sendable {
    // NOTE: unchecked because of the counter; each test owns its decoder and its requests run one at a time.
    private(set) var parses = 0

    override func decode<T: Decodable>(_ type: T.Type, from data: Data) throws -> T {
        parses += 1
        return try super.decode(type, from: data)
    }
}

private func getProfile(_ decoder: JSONDecoder) -> Endpoint<Profile> {
    let coders = APICoders(encoder: JSONEncoder(), decoder: decoder)
    return Endpoint<Profile>(operation: "getProfile", method: .get, path: "/profile", coders: coders) { response in
        switch response.status {
        case 200: return try response.json(Profile.self)
        default: throw response.failure(ProfileError.problem(try response.json(Profile.self)))
        }
    }
}

private enum ProfileError: Error, Sendable, Hashable {
    case problem(Profile)
}

private func client(_ body: String, status: Int) -> Client {
    Client(transport: StubTransport().stub(.get, "/profile", with: .json(body, status: status))).targeting(Server(host: "api.test"))
}

/// Issue 25 review: the "shares a key or is empty" rule of `DocumentedObject` guards documented *error* bodies
/// (where the drift was seen); a success body with only keys the schema does not list is valid JSON Schema.
@Suite struct DocumentedObjectTests {
    @Test func aSuccessBodyWithOnlyUndocumentedKeysDecodes() async throws {
        let profile = try await client(#"{"avatar": "a.png", "since": 2020}"#, status: 200).send(getProfile(JSONDecoder()))
        #expect(profile == Profile(nickname: nil))
    }

    @Test func anErrorBodyWithOnlyUndocumentedKeysIsStillAMismatch() async throws {
        let error = try await #require(throws: NetworkError.self) {
            try await client(#"{"error": "gone"}"#, status: 410).send(getProfile(JSONDecoder()))
        }
        #expect(error.kind == .unacceptableStatus(410))
        #expect(error.schemaMismatch?.reason == "it has none of its properties (nickname), only error.")
    }

    @Test(arguments: [(#"{"avatar": "a.png"}"#, 200), (#"{"nickname": "ana", "extra": 1}"#, 422), ("{}", 422)])
    func eachBodyIsParsedOnce(body: String, status: Int) async throws {
        let decoder = CountingDecoder()
        _ = try? await client(body, status: status).send(getProfile(decoder))
        #expect(decoder.parses == 1)
    }
}
