import Courier
import Foundation
import PetShop
import Testing

/// The client generated from the FastAPI app's own `/openapi.json` (`Tests/OpenAPIFixtures/petshop-openapi.json`)
/// against that app (`Tests/OpenAPIE2E/petshop_app.py`), every operation. The app keeps its pets in memory for
/// as long as it runs, so the tests look only at the pets they create (by the IDs returned).
@Suite(.serialized, .enabled(if: E2EEnvironment.petShop != nil || E2EEnvironment.isRequired, "PETSHOP_URL is not set: source scripts/openapi-e2e/start.sh"))
struct PetShopTests {
    @Test func createPetEchoesHeaderAndDogDetails() async throws {
        try await withE2EClient(try E2EEnvironment.petShopServer()) { client, recorder in
            let body = PetIn(name: "Rex", species: .dog, details: .dog(Dog(kind: "dog", goodBoy: false)), extra: ["toys": 3])
            let (pet, response) = try await client.response(API.general.createPet(body: body, xRequestId: "req-42"))

            #expect(response.status.code == 201)
            let sent = try await recorder.only()
            #expect(sent.headers["x-request-id"] == "req-42")
            #expect(sent.bodyText == #"{"details":{"good_boy":false,"kind":"dog"},"extra":{"toys":3},"name":"Rex","species":"dog"}"#)
            #expect(pet == Pet(name: "Rex", species: .dog, details: .dog(Dog(kind: "dog", goodBoy: false)), id: pet.id, tag: "req-42", extra: ["toys": 3]))
        }
    }

    @Test func createPetCatRoundTripWithoutHeader() async throws {
        try await withE2EClient(try E2EEnvironment.petShopServer()) { client, _ in
            let body = PetIn(name: "Tom", species: .cat, details: .cat(Cat(kind: "cat", lives: 7)), tag: "indoor")
            let pet = try await client.send(API.general.createPet(body: body))

            // FastAPI fills the defaults the client left out (`extra: {}`).
            #expect(pet == Pet(name: "Tom", species: .cat, details: .cat(Cat(kind: "cat", lives: 7)), id: pet.id, tag: "indoor", extra: [:]))
        }
    }

    /// The union case says which member it is, so the discriminator must go out even when the member's `kind`
    /// (`const: cat`, `default: cat`, not `required` in pydantic's schema) was left `nil`: pydantic needs the tag
    /// to pick the member and answers 422 `union_tag_not_found` without it.
    @Test func unionCaseSendsItsDiscriminator() async throws {
        try await withE2EClient(try E2EEnvironment.petShopServer()) { client, recorder in
            let body = PetIn(name: "Kitty", species: .cat, details: .cat(Cat(lives: 3)))
            let pet = try await client.send(API.general.createPet(body: body))

            let sent = try await recorder.only()
            #expect(sent.bodyText == #"{"details":{"kind":"cat","lives":3},"name":"Kitty","species":"cat"}"#)
            #expect(pet.details == .cat(Cat(kind: "cat", lives: 3)))
        }
    }

    @Test func createPetWithUnknownSpeciesIsValidationError() async throws {
        try await withE2EClient(try E2EEnvironment.petShopServer()) { client, _ in
            let body = PetIn(name: "Nemo", species: .unknown("fish"), details: .cat(Cat(kind: "cat")))
            let error = try await networkError { try await client.send(API.general.createPet(body: body)) }

            #expect(error.kind == .unacceptableStatus(422))
            guard case .unprocessableContent(let validation) = error.documentedError(as: CreatePetError.self) else {
                Issue.record("expected CreatePetError.unprocessableContent, got \(String(describing: error.underlying))")
                return
            }
            let detail = try #require(validation.detail?.first)
            #expect(validation.detail?.count == 1)
            #expect(detail.loc == [.string("body"), .string("species")])
            #expect(detail.type == "enum")
            #expect(detail.input == .string("fish"))
        }
    }

    @Test func listPetsFiltersBySpeciesAndLimits() async throws {
        try await withE2EClient(try E2EEnvironment.petShopServer()) { client, recorder in
            let first = try await client.send(API.general.createPet(body: PetIn(name: "Tweety", species: .bird, details: .cat(Cat(kind: "cat")))))
            let second = try await client.send(API.general.createPet(body: PetIn(name: "Polly", species: .bird, details: .dog(Dog(kind: "dog")))))

            let birds = try await client.send(API.general.listPets(limit: 100, species: .bird))
            #expect(birds.allSatisfy { $0.species == .bird })
            #expect(birds.contains(first))
            #expect(birds.contains(second))
            // Defaults filled by FastAPI come back decoded: `{"kind": "cat"}` → `{kind: cat, lives: 9}`.
            #expect(first.details == .cat(Cat(kind: "cat", lives: 9)))
            #expect(second.details == .dog(Dog(kind: "dog", goodBoy: true)))

            let one = try await client.send(API.general.listPets(limit: 1, species: .bird))
            #expect(one.count == 1)
            #expect(one.first?.species == .bird)

            let everything = try await client.send(API.general.listPets())
            #expect(everything.count >= 2)
            #expect(everything.count <= 10)   // the app's default limit

            let targets = await recorder.requests.map(\.target)
            #expect(targets == ["/pets", "/pets", "/pets?limit=100&species=bird", "/pets?limit=1&species=bird", "/pets"])
        }
    }

    @Test func getPetSendsSessionCookie() async throws {
        try await withE2EClient(try E2EEnvironment.petShopServer()) { client, recorder in
            let created = try await client.send(API.general.createPet(body: PetIn(name: "Fido", species: .dog, details: .dog(Dog(kind: "dog")), tag: "stored")))

            let withSession = try await client.send(API.general.getPet(petId: created.id, session: "s-123"))
            var expected = created
            expected.tag = "s-123"
            #expect(withSession == expected)

            let withoutSession = try await client.send(API.general.getPet(petId: created.id))
            #expect(withoutSession == created)

            let sent = await recorder.requests
            #expect(sent.map(\.target) == ["/pets", "/pets/\(created.id)", "/pets/\(created.id)"])
            #expect(sent.map { $0.headers["cookie"] } == [nil, "session=s-123", nil])
        }
    }

    @Test func getMissingPetIsNotFound() async throws {
        try await withE2EClient(try E2EEnvironment.petShopServer()) { client, _ in
            let error = try await networkError { try await client.send(API.general.getPet(petId: 999_999)) }

            #expect(error.kind == .unacceptableStatus(404))
            #expect(error.documentedError(as: GetPetError.self) == .notFound)
        }
    }

    @Test func listPetsWithLimitZeroIsValidationError() async throws {
        try await withE2EClient(try E2EEnvironment.petShopServer()) { client, _ in
            let error = try await networkError { try await client.send(API.general.listPets(limit: 0)) }

            #expect(error.kind == .unacceptableStatus(422))
            let expected = HTTPValidationError(detail: [
                ValidationError(
                    loc: [.string("query"), .string("limit")],
                    msg: "Input should be greater than or equal to 1",
                    type: "greater_than_equal",
                    input: .string("0"),
                    ctx: ["ge": .int(1)]
                ),
            ])
            #expect(error.documentedError(as: ListPetsError.self) == .unprocessableContent(expected))
        }
    }

    @Test func loginFormEchoesFields() async throws {
        try await withE2EClient(try E2EEnvironment.petShopServer()) { client, recorder in
            let answer = try await client.send(API.general.login(body: BodyLogin(username: "jenny", password: "p&ss word=+é")))

            let sent = try await recorder.only()
            #expect(sent.headers["content-type"] == "application/x-www-form-urlencoded")
            #expect(sent.bodyText == "username=jenny&password=p%26ss%20word%3D%2B%C3%A9")
            #expect(answer == ["username": "jenny", "password": "p&ss word=+é", "token": "token-jenny"])
        }
    }

    @Test func uploadMultipartEchoesFile() async throws {
        try await withE2EClient(try E2EEnvironment.petShopServer()) { client, recorder in
            let file = MultipartFile(data: Data("hello pets".utf8), filename: "pets.txt", contentType: "text/plain")
            let answer = try await client.send(API.general.upload(body: BodyUpload(file: file, note: "first")))

            let sent = try await recorder.only()
            #expect(sent.headers["content-type"]?.hasPrefix("multipart/form-data; boundary=") == true)
            #expect(answer == [
                "filename": .string("pets.txt"),
                "size": .integer(10),
                "content_type": .string("text/plain"),
                "text": .string("hello pets"),
                "note": .string("first"),
            ])
        }
    }

    @Test func uploadWithoutOptionalNote() async throws {
        try await withE2EClient(try E2EEnvironment.petShopServer()) { client, _ in
            let file = MultipartFile(data: Data([0xFF, 0x00, 0x01]), filename: "raw.bin")
            let answer = try await client.send(API.general.upload(body: BodyUpload(file: file)))

            #expect(answer["filename"] == .string("raw.bin"))
            #expect(answer["size"] == .integer(3))
            #expect(answer["content_type"] == .string("application/octet-stream"))
            #expect(answer["note"] == .string(""))
        }
    }
}
