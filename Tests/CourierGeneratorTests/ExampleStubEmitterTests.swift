import Foundation
import Testing

@testable import CourierGenerator

/// §5.6: the testing module's stubs table and the generated tests, from a hand-built model.
@Suite struct ExampleStubEmitterTests {
    private static func operation(
        _ id: String, group: String = "article", parameters: [ParamDecl] = [], bodies: [BodyDecl] = [],
        errors: [ResponseCaseDecl] = [], deprecated: Bool = false, examples: [ExampleDecl]
    ) -> OperationDecl {
        OperationDecl(
            operationID: id, swiftName: id, group: group, groupType: "ArticleOperations", method: "GET",
            pathTemplate: "/articles", parameters: parameters, bodies: bodies,
            success: .single(.json(.named("Article")), statuses: [.code(200)]), errors: errors,
            errorTypeName: id.prefix(1).uppercased() + id.dropFirst() + "Error", security: [], summary: nil, doc: nil,
            deprecated: deprecated, examples: examples)
    }

    private static func parameter(
        _ name: String, _ type: TypeRef, location: ParameterLocation = .query, required: Bool = true,
        example: ExampleValue? = nil
    ) -> ParamDecl {
        ParamDecl(
            swiftName: name, wireName: name, location: location, type: type, required: required, style: .form,
            explode: true, doc: nil, example: example)
    }

    private static let article = ExampleDecl(status: 200, contentType: "application/json", body: #"{"id":1,"title":"A \"B\""}"#)
    private static let notFound = ExampleDecl(status: 404, contentType: "application/json", body: #"{"error":"gone"}"#)

    private static let model = APIModel(
        moduleName: "Blog", title: "Blog platform", doc: nil,
        types: [
            .enumeration(EnumDecl(
                name: "Kind", doc: nil, raw: .string,
                cases: [.init(swiftName: "news", wire: #""news""#), .init(swiftName: "opinion", wire: #""opinion""#)])),
            .object(ObjectDecl(name: "Article", doc: nil, properties: [], additionalProperties: nil)),
        ],
        operations: [
            operation(
                "getArticle",
                parameters: [
                    parameter("id", .primitive(.int), location: .path, example: .int(7)),
                    parameter("kind", .named("Kind"), example: .string("opinion")),
                    parameter("tags", .array(.primitive(.string))),
                    parameter("when", .optional(.primitive(.date))),
                    parameter("limit", .primitive(.int), required: false),
                ],
                errors: [ResponseCaseDecl(status: .code(404), swiftName: "notFound", body: .none, doc: nil)],
                examples: [notFound, article]),
            operation(
                "deleteArticle", errors: [ResponseCaseDecl(status: .code(404), swiftName: "notFound", body: .none, doc: nil)],
                examples: [notFound]),
            operation(
                "createArticle",
                bodies: [BodyDecl(encoding: .json, mediaType: "application/json", type: .named("Article"), required: true, functionSuffix: "")],
                examples: [article]),
            operation("oldArticle", deprecated: true, examples: [article]),
            operation("noExamples", examples: []),
        ],
        servers: [], securitySchemes: [], security: [])

    private func file(_ path: String) throws -> String {
        let files = StubEmitter(model: Self.model).files()
        return try #require(files.first { $0.path == path }).contents
    }

    @Test func theStubsTableHasOneEntryPerOperationSuccessFirstWithoutDeprecatedOnes() throws {
        let text = try file("Sources/BlogTesting/BlogExamples.swift")
        let entries = text.split(separator: "\n").filter { $0.contains("(operationID: \"") }.map {
            $0.trimmingCharacters(in: .whitespaces)
        }
        #expect(entries == [
            #"(operationID: "getArticle", status: 200, contentType: "application/json", body: "{\"id\":1,\"title\":\"A \\\"B\\\"\"}"),"#,
            #"(operationID: "deleteArticle", status: 404, contentType: "application/json", body: "{\"error\":\"gone\"}"),"#,
            #"(operationID: "createArticle", status: 200, contentType: "application/json", body: "{\"id\":1,\"title\":\"A \\\"B\\\"\"}"),"#,
        ])
        #expect(text.contains("public func stubbingBlogExamples() -> CourierTesting.StubTransport {"))
        #expect(text.contains("public func stubbingBlogExamples() -> Courier.Client {"))
        #expect(text.contains("stub(.operation(example.operationID), with: BlogExamples.response("))
    }

    @Test func eachTestCallsTheOperationWithExampleOrPlaceholderArguments() throws {
        let text = try file("Tests/BlogTests/BlogExampleTests.swift")
        #expect(text.contains(
            "_ = try await client.send(API.article.getArticle(id: 7, kind: Kind.opinion, tags: [], "
                + "when: Foundation.Date(timeIntervalSince1970: 0)))"))
        #expect(text.contains("func articleDeleteArticle() async throws {"))
        #expect(text.contains("#expect(error.documentedError(as: DeleteArticleError.self) != nil)"))
        // An object body has no literal: the stub is there, the test is not.
        #expect(!text.contains("createArticle("))
        #expect(!text.contains("oldArticle"))
        #expect(text.contains("import BlogTesting\n"))
    }

    @Test func aModelWithoutExamplesWritesNoTestingFiles() {
        var model = Self.model
        model.operations = [Self.operation("noExamples", examples: [])]
        #expect(StubEmitter(model: model).files().isEmpty)
    }
}

/// The Bow blog fixture through the whole generator: its examples become the testing module and the tests.
@Suite struct ExampleBlogFixtureTests {
    private static let fixture = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("OpenAPIFixtures/blog-platform-3.0.yaml")

    @Test func theBlogDocumentsExamplesBecomeStubsAndTests() throws {
        let result = try Generator(options: .init(moduleName: "BlogPlatform")).generate(specURL: Self.fixture)
        let testing = try #require(result.files.first { $0.path == "Sources/BlogPlatformTesting/BlogPlatformExamples.swift" })
        #expect(testing.contents.contains(
            #"(operationID: "getArticlesWithTag", status: 200, contentType: "application/json", body: "[{\"id\":1,\"tags\":[\"swift\",\"design\"],\"title\":\"Values all the way down\"}]"),"#))
        #expect(testing.contents.contains(
            #"(operationID: "getArticle", status: 200, contentType: "application/json", body: "{\"id\":1,\"tags\":[\"swift\",\"design\"],\"title\":\"Values all the way down\"}"),"#))
        let tests = try #require(result.files.first { $0.path == "Tests/BlogPlatformTests/BlogPlatformExampleTests.swift" })
        #expect(tests.contents.contains("_ = try await client.send(API.article.getArticlesWithTag())"))
        #expect(tests.contents.contains("_ = try await client.send(API.article.getArticle(id: 1))"))
        #expect(!result.diagnostics.contains { $0.code == "example-mismatch" })
    }
}
