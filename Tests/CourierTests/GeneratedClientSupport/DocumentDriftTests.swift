import Courier
import CourierTestSupport
import CourierTesting
import Foundation
import Logging
import Testing

private struct Todo: Codable, Hashable, Sendable {
    var id: Int
    var title: String
}

/// Like FastAPI's `HTTPValidationError`: every property optional, so any JSON object decodes to it.
private struct ValidationProblem: Codable, Hashable, Sendable, DocumentedObject {
    var detail: [String]?
    static let documentedKeys: Set<String> = ["detail"]
}

private enum CreateTaskError: Error, Sendable, Hashable {
    case unprocessableContent(ValidationProblem)
    case undocumented(status: Int, body: Data)
}

/// `createTask` as the generator writes it: 200 documented, one success type, a documented 422.
private func createTask() -> Endpoint<Todo> {
    Endpoint<Todo>(operation: "createTask", method: .post, path: "/tasks", coders: .iso8601) { response in
        switch response.status {
        case 200: return try response.json(Todo.self)
        case 422: throw response.failure(CreateTaskError.unprocessableContent(try response.json(ValidationProblem.self)))
        case 200..<300 where response.toleratesUndocumentedSuccess(documented: ["200"]): return try response.json(Todo.self)
        default: throw response.failure(CreateTaskError.undocumented(status: response.status, body: response.data))
        }
    }
}

private func client(answering stub: StubResponse) -> Client {
    Client(transport: StubTransport().stub(.post, "/tasks", with: stub)).targeting(Server(host: "api.test"))
}

private func failure<T>(_ operation: () async throws -> T) async throws -> NetworkError {
    do {
        let value = try await operation()
        Issue.record("expected a NetworkError, got \(value)")
        throw CancellationError()
    } catch let error as NetworkError {
        return error
    }
}

@Suite struct DocumentDriftTests {
    static let created = StubResponse.json(#"{"id": 7, "title": "Ship"}"#, status: 201)

    @Test func tolerantDecodesAnUndocumented2xxAndLogsAWarning() async throws {
        let (logger, lines) = CapturingLogHandler.logger()
        let task = try await client(answering: Self.created).handlingDocumentDrift(.tolerant(logger: logger)).send(createTask())
        #expect(task == Todo(id: 7, title: "Ship"))
        let warnings = lines.all.filter { $0.level == .warning }
        #expect(warnings.count == 1)
        let warning = try #require(warnings.first)
        #expect(warning.message.contains("createTask answered 201"))
        #expect(warning.message.contains("it documents 200"))
        #expect(warning.metadata["operation"] == "createTask")
        #expect(warning.metadata["status"] == "201")
        #expect(warning.metadata["documented"] == "200")
    }

    @Test func tolerantIsTheDefault() async throws {
        #expect(RequestOptions().documentDrift.isTolerant)
        let task = try await client(answering: Self.created).send(createTask())
        #expect(task.id == 7)
    }

    @Test func strictKeepsAnUndocumentedStatusAnError() async throws {
        let (logger, lines) = CapturingLogHandler.logger()
        let strict = client(answering: Self.created).handlingDocumentDrift(.strict)
        let error = try await failure { try await strict.send(createTask()) }
        #expect(error.kind == .unacceptableStatus(201))
        #expect(error.documentedError(as: CreateTaskError.self) == .undocumented(status: 201, body: Data(#"{"id": 7, "title": "Ship"}"#.utf8)))
        // A strict request inside a tolerant client: the request's own setting wins.
        var endpoint = createTask()
        endpoint.options.documentDrift = .strict
        let tolerantClient = client(answering: Self.created).handlingDocumentDrift(.tolerant(logger: logger))
        let own = try await failure { try await tolerantClient.send(endpoint) }
        #expect(own.kind == .unacceptableStatus(201))
        #expect(lines.all.isEmpty)
    }

    @Test func tolerantForgivesOnly2xx() async throws {
        let (logger, lines) = CapturingLogHandler.logger()
        let tolerant = client(answering: .json(#"{"id": 7, "title": "Ship"}"#, status: 409))
            .handlingDocumentDrift(.tolerant(logger: logger))
        let error = try await failure { try await tolerant.send(createTask()) }
        #expect(error.kind == .unacceptableStatus(409))
        #expect(lines.all.isEmpty)
    }

    @Test func aTolerated2xxBodyMustStillMatch() async throws {
        let error = try await failure { try await client(answering: .json(#"{"id": "seven"}"#, status: 201)).send(createTask()) }
        #expect(error.kind == .decodingFailed(codingPath: "id"))
        let mismatch = try #require(error.schemaMismatch)
        #expect(mismatch.status == 201 && mismatch.schema == "Todo")
    }

    static let drifted = StubResponse.json(#"{"error": "title must not be empty", "field": "title"}"#, status: 422)

    @Test(arguments: [true, false])
    func aDriftedErrorBodyIsReportedNotDecodedToEmptiness(tolerant: Bool) async throws {
        let policy: DocumentDrift = tolerant ? .tolerant() : .strict
        let error = try await failure { try await client(answering: Self.drifted).handlingDocumentDrift(policy).send(createTask()) }
        // Tolerant keeps the status as the error's kind; strict makes the broken contract the kind.
        #expect(error.kind == (tolerant ? .unacceptableStatus(422) : .decodingFailed(codingPath: "")))
        #expect(error.documentedError(as: CreateTaskError.self) == nil)
        let mismatch = try #require(error.schemaMismatch)
        #expect(mismatch.status == 422)
        #expect(mismatch.schema == "ValidationProblem")
        #expect(mismatch.body == Data(#"{"error": "title must not be empty", "field": "title"}"#.utf8))
        #expect(mismatch.decodingError == nil)
        #expect(mismatch.reason == "it has none of its properties (detail), only error, field.")
        let message = try #require(error.message)
        #expect(message.hasPrefix("the 422 body does not match the documented schema ValidationProblem: "))
        #expect(message.hasSuffix(#"body: {"error": "title must not be empty", "field": "title"}"#))
    }

    @Test func anErrorBodyOfTheWrongTypeIsReportedWithItsDecodingError() async throws {
        let error = try await failure {
            try await client(answering: .json(#"{"detail": "Not Found"}"#, status: 422)).handlingDocumentDrift(.strict).send(createTask())
        }
        #expect(error.kind == .decodingFailed(codingPath: "detail"))
        let mismatch = try #require(error.schemaMismatch)
        #expect(mismatch.decodingError != nil)
        #expect(error.message?.contains("does not match the documented schema ValidationProblem") == true)
    }

    @Test(arguments: [#"{}"#, #"{"detail": ["too short"], "extra": 1}"#])
    func aMatchingErrorBodyStillDecodes(body: String) async throws {
        let error = try await failure { try await client(answering: .json(body, status: 422)).send(createTask()) }
        #expect(error.kind == .unacceptableStatus(422))
        guard case .unprocessableContent(let problem) = error.documentedError(as: CreateTaskError.self) else {
            Issue.record("expected the documented 422, got \(error)")
            return
        }
        #expect(problem.detail == (body == "{}" ? nil : ["too short"]))
    }

    @Test func aLongBodyIsPreviewedNotCopiedWhole() {
        let body = Data(("{\"error\": \"" + String(repeating: "x", count: 500) + "\"}").utf8)
        let mismatch = SchemaMismatch(status: 422, schema: "E", reason: "r", body: body)
        #expect(mismatch.preview.hasSuffix(" … (\(body.count) bytes)"))
        #expect(mismatch.preview.count < 260)
    }
}
