// The snippets of OpenAPI.md, compiled against the package `courier generate` wrote for the Bow blog document
// (Tests/OpenAPIGenerated/BlogPlatform), and run against its stubs and the local test server.
import BlogPlatform
import BlogPlatformTesting
import Courier
import CourierOpenAPI
import CourierTesting
import Documents
import Foundation
import Logging
import Testing

func articles(tagged tag: String, client: Client) async throws -> Articles {
    try await client.send(API.article.getArticlesWithTag(tag: tag))
}

func articleTitle(_ id: Int, client: Client) async throws -> String? {
    do {
        return try await client.send(API.article.getArticle(id: id)).title
    } catch let error as NetworkError {
        if case .notFound(let problem)? = error.documentedError(as: GetArticleError.self) {
            print(problem.error)
            return nil
        }
        throw error
    }
}

/// OpenAPI.md, "Accept": the defaults, and the CSV alternative of a JSON-or-CSV operation as bytes.
func documentsWithTheirAccept(client: Client) async throws -> (Data, [Sale], Data) {
    let invoice: Data = try await client.send(Documents.API.documents.getInvoicePdf(id: "INV-7"))  // Accept: application/pdf, application/json;q=0.1
    let report = try await client.send(Documents.API.documents.getSalesReport())  // application/json, text/csv;q=0.5, text/plain;q=0.5

    let request = try Documents.API.documents.getSalesReport(accept: "text/csv").makeRequest()
    let response = try await client.send(request)                  // any status: check it yourself
    let csv = try await response.body.collect(upTo: 10 << 20)      // the CSV's bytes
    return (invoice, report, csv)
}

func offlineArticles() async throws -> Articles {
    let client = Client(transport: StubTransport().stubbingBlogPlatformExamples())
        .targeting(.blogPlatform)
    return try await client.send(API.article.getArticlesWithTag())
}

func appleGeneratedTransport(logger: Logger) -> CourierClientTransport {
    Client(transport: URLSessionTransport())
        .logging(to: logger)
        .retrying(.exponential(base: .milliseconds(200)))
        .asClientTransport()
}

/// README.md, "OpenAPI: generate a typed client, or run Apple's through Courier".
func readmeGeneratedClient(client: Client) async throws {
    let articles = try await client.send(API.article.getArticlesWithTag(tag: "swift"))   // Articles = [Article]

    let offline = Client(transport: StubTransport().stubbingBlogPlatformExamples()).targeting(.blogPlatform)
    _ = (articles, offline)
}

@Suite("OpenAPI.md snippets")
struct OpenAPIArticleSnippets {
    @Test("the stubbed client answers with the document's example")
    func offline() async throws {
        let articles = try await offlineArticles()
        #expect(articles.map(\.title) == ["Values all the way down"])
        #expect(articles.first?.tags == ["swift", "design"])
    }

    @Test("the generated endpoint reads the test server's articles by tag")
    func live() async throws {
        try await TestServer.withRunning { server in
            let client = Client(transport: URLSessionTransport()).targeting(server.server)
            let tagged = try await articles(tagged: "swift", client: client)
            #expect(!tagged.isEmpty)
            #expect(tagged.allSatisfy { $0.tags?.contains("swift") == true })
        }
    }

    @Test("a documented 404 comes back as the typed error and the snippet returns nil")
    func notFound() async throws {
        let transport = StubTransport()
        transport.stub(.operation("getArticle"), with: .json(#"{"error":"no article 7"}"#, status: 404))
        let missing = try await articleTitle(7, client: Client(transport: transport).targeting(.blogPlatform))
        #expect(missing == nil)
    }
}

// MARK: Tri-state and drift (README.md "Absent, `null` or a value", OpenAPI.md "Absent, null or a value" and
// "When the server drifts from its document")

/// A model as `courier generate` writes one for `{title?: string|null, assignee?: string|null}`.
struct TodoUpdate: Codable, Hashable, Sendable {
    var title: Nullable<String>
    var assignee: Nullable<String>

    init(title: Nullable<String> = .absent, assignee: Nullable<String> = .absent) {
        self.title = title
        self.assignee = assignee
    }

    enum CodingKeys: String, CodingKey {
        case title
        case assignee
    }

    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        title = try container.decodeNullable(String.self, forKey: .title)
        assignee = try container.decodeNullable(String.self, forKey: .assignee)
    }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encodeUnlessAbsent(title, forKey: .title)
        try container.encodeUnlessAbsent(assignee, forKey: .assignee)
    }
}

/// README.md and OpenAPI.md: the tri-state.
func triStateUpdate(todo: TodoUpdate) -> TodoUpdate {
    var update = TodoUpdate(title: "Ship it")   // {"title":"Ship it"}: assignee left alone
    update.assignee = .null                     // {"assignee":null,"title":"Ship it"}: assignee cleared
    if case .value(let name) = todo.assignee { print(name) }
    let name: String? = todo.assignee.optional  // when absent and null mean the same to you
    _ = name
    return update
}

/// README.md and OpenAPI.md: strict and tolerant clients, and a reported mismatch.
func documentDrift(client: Client, logger: Logger) async throws {
    let strict = client.handlingDocumentDrift(.strict)                      // tests, CI
    let tolerant = client.handlingDocumentDrift(.tolerant(logger: logger))  // the default, with your logger
    do {
        _ = try await strict.send(API.article.getArticle(id: 1))
    } catch let error as NetworkError {
        if let mismatch = error.schemaMismatch { print(mismatch.status, mismatch.schema, mismatch.preview) }
    }
    do {
        _ = try await client.send(API.article.getArticle(id: 1))
    } catch let error as NetworkError {
        if let mismatch = error.schemaMismatch {
            print(mismatch.status, mismatch.schema, String(decoding: mismatch.body, as: UTF8.self))
        }
    }
    _ = tolerant
}

@Suite("Tri-state snippets")
struct TriStateSnippets {
    @Test("the README's update clears the assignee and leaves nothing else out")
    func update() throws {
        let update = triStateUpdate(todo: TodoUpdate(assignee: "ana"))
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        #expect(String(decoding: try encoder.encode(update), as: UTF8.self) == #"{"assignee":null,"title":"Ship it"}"#)
        #expect(String(decoding: try encoder.encode(TodoUpdate(title: "Ship it")), as: UTF8.self) == #"{"title":"Ship it"}"#)
    }
}
