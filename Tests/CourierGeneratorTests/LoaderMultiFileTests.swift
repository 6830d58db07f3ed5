import Foundation
import OpenAPIKit
import Testing
@testable import CourierGenerator

/// The multi-file layouts Redocly tooling writes (issue #25): each committed fixture under
/// Tests/OpenAPIFixtures/multifile loads into one document, as its author split it.
@Suite struct LoaderMultiFileTests {
    private func load(_ fixture: String) throws -> (OpenAPI.Document, DiagnosticCollector) {
        let diagnostics = DiagnosticCollector()
        let document = try DocumentLoader(diagnostics: diagnostics).load(url: multiFileFixture(fixture))
        return (document, diagnostics)
    }

    @Test func pathItemsAndOperationsAreReadFromResourceFiles() throws {
        let (document, diagnostics) = try load("path-item-files")
        #expect(diagnostics.diagnostics.filter { $0.severity != .note } == [])
        let operations = document.allOperationIds
        #expect(operations == ["droplets_list", "droplets_create", "droplets_get", "droplets_destroy", "sizes_list"])
        // `/v2/sizes: {$ref: resources/sizes/paths.yml}`: a path item that is a file.
        #expect(document.paths["/v2/sizes"]?.pathItemValue?.get?.operationId == "sizes_list")
        // `paths.yml#/~1v2~1droplets~1{droplet_id}`: `~1` is `/` in a pointer; the item's `#/components/…` ref means
        // that file, so its parameter is hoisted from there.
        let item = try #require(document.paths["/v2/droplets/{droplet_id}"]?.pathItemValue)
        #expect(item.parameters.first?.reference?.name == "droplet_id")
        #expect(document.components.parameters["droplet_id"]?.b?.location == .path)
        // `get: {$ref: …}`: an operation in a file (DigitalOcean's form), its refs relative to that file (`../../`).
        let list = try #require(document.paths["/v2/droplets"]?.pathItemValue?.get)
        #expect(list.parameters.compactMap(\.reference?.name) == ["per_page", "droplet_tag_name"])
        #expect(list.responses[status: 401]?.reference?.name == "unauthorized")
        // A JSON file from YAML, a file name with `%20`, and two schemas that refer to each other across files.
        let schemas = Array(document.components.schemas.keys.map(\.rawValue))
        // Hoisted in the order their files are finished (a file's own refs first).
        #expect(schemas == ["size", "droplet_kind", "snapshot", "droplet", "meta", "error", "droplet_create"])
        let droplet = try #require(document.components.schemas["droplet"]?.objectContext?.properties)
        #expect(droplet["size"]?.reference?.name == "size")
        #expect(droplet["kind"]?.reference?.name == "droplet_kind")
        #expect(droplet["snapshots"]?.arrayContext?.items?.reference?.name == "snapshot")
        #expect(document.components.schemas["snapshot"]?.objectContext?.properties["droplet"]?.reference?.name == "droplet")
        #expect(document.components.schemas["size"]?.objectContext?.requiredProperties == ["slug", "memory"])
        // Positions inside a hoisted component name their own file.
        let place = diagnostics.locate("components.schemas.droplet.properties.status")
        #expect(place.file == "resources/droplets/models/droplet.yml")
        #expect(place.line == 10)
    }

    @Test func descriptionsAndSummariesAreReadFromMarkdownAndTextFiles() throws {
        let (document, diagnostics) = try load("markdown-descriptions")
        #expect(diagnostics.diagnostics.filter { $0.severity != .note } == [])
        #expect(document.info.description == (try fixtureText("markdown-descriptions", "docs/intro.md")))
        #expect(document.tags?.first?.description == "Operations on notes.\n")
        let list = try #require(document.paths["/notes"]?.pathItemValue?.get)
        #expect(list.summary == "List notes")
        #expect(list.description == (try fixtureText("markdown-descriptions", "docs/operations/listNotes.md")))
        #expect(list.parameters.first?.b?.description == "Only notes whose text contains this.")
        #expect(list.responses[status: 200]?.b?.description == "The notes.")
        let note = try #require(document.components.schemas["note"])
        #expect(note.description == "A note: its text and when it was written.\n")
        #expect(note.objectContext?.properties["text"]?.description == "Only notes whose text contains this.")
        // The Droplets fixture: the root's `info.description` and an operation's, from Markdown beside them.
        let (droplets, _) = try load("path-item-files")
        #expect(droplets.info.description?.hasPrefix("# Introduction\n\nThe Droplets API") == true)
        #expect(droplets.paths["/v2/droplets"]?.pathItemValue?.get?.summary == "List All Droplets")
    }

    @Test func propertiesMapsAndSchemaIndexesAreReadByReference() throws {
        let (document, diagnostics) = try load("properties-maps")
        #expect(diagnostics.diagnostics.filter { $0.severity != .note } == [])
        #expect(Array(document.components.schemas.keys.map(\.rawValue)) == ["Account", "Team", "Status"])
        let account = try #require(document.components.schemas["Account"]?.objectContext)
        // `properties: {$ref: attributes.yml#/account, status: …}`: the file's map, then the entries beside the ref.
        #expect(Array(account.properties.keys) == ["uuid", "email", "team", "droplet_limit", "status"])
        #expect(account.properties["team"]?.reference?.name == "Team")
        #expect(account.properties["status"]?.reference?.name == "Status")
        #expect(account.requiredProperties == ["uuid", "email"])
        let team = try #require(document.components.schemas["Team"]?.objectContext)
        #expect(Array(team.properties.keys) == ["uuid", "name"])
    }

    @Test func theRedoclySplitLayoutKeepsEveryComponentName() throws {
        let (document, diagnostics) = try load("redocly-split")
        #expect(diagnostics.diagnostics.filter { $0.severity == .warning || $0.severity == .error } == [])
        // Each `components.schemas.X: {$ref: components/schemas/X.yaml}` is X's home: no `X2`, no alias.
        let schemas = Array(document.components.schemas.keys.map(\.rawValue))
        #expect(schemas == ["App", "AppSpec", "Deployment", "Error", "AppCreated_at"])
        #expect(document.components.schemas["App"]?.objectContext?.properties["spec"]?.reference?.name == "AppSpec")
        // `./App.yaml#/properties/created_at` is `#/components/schemas/App/properties/created_at`, hoisted so.
        let deployment = try #require(document.components.schemas["Deployment"]?.objectContext?.properties)
        #expect(deployment["created_at"]?.reference?.name == "AppCreated_at")
        #expect(Array(document.components.parameters.keys.map(\.rawValue)) == ["app_id"])
        #expect(Array(document.components.responses.keys.map(\.rawValue)) == ["NotFound"])
        #expect(document.paths.keys.map(\.rawValue) == ["/v2/apps", "/v2/apps/{app_id}", "/v2/apps/{app_id}/deployments"])
        let create = try #require(document.paths["/v2/apps"]?.pathItemValue?.post)
        #expect(create.requestBody?.b?.content.first?.value.b?.schema?.reference?.name == "AppSpec")
        let get = try #require(document.paths["/v2/apps/{app_id}"]?.pathItemValue)
        #expect(get.parameters.first?.reference?.name == "app_id")
        #expect(get.get?.responses[status: 404]?.reference?.name == "NotFound")
        // A component read from its home file reports that file.
        #expect(diagnostics.locate("components.schemas.Deployment.properties.phase").file == "components/schemas/Deployment.yaml")
    }

    @Test func aDirectoryLoadsItsOpenapiYaml() throws {
        let directory = multiFileFixture("redocly-split").deletingLastPathComponent()
        let document = try DocumentLoader(diagnostics: DiagnosticCollector()).load(url: directory)
        #expect(document.info.title == "Apps")
    }
}

extension OpenAPI.Document {
    /// Every operationId, in document order.
    fileprivate var allOperationIds: [String] {
        paths.values.compactMap(\.pathItemValue).flatMap { item in item.endpoints.compactMap(\.operation.operationId) }
    }
}

extension OpenAPI.Response.Map {
    /// The response for a status code.
    fileprivate subscript(status code: Int) -> Either<OpenAPI.Reference<OpenAPI.Response>, OpenAPI.Response>? {
        self[.status(code: code)]
    }
}
