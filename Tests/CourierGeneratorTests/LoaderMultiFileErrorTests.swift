import Foundation
import OpenAPIKit
import Testing
@testable import CourierGenerator

/// What goes wrong across files gets a diagnostic with its own code, naming the referring file and line; a cycle
/// ends (an error, or a recursive type), never a hang.
@Suite struct LoaderMultiFileErrorTests {
    private static let header = "openapi: 3.0.3\ninfo: {title: T, version: \"1\"}\n"

    /// Loads `openapi.yaml` of a throwaway tree; the tree is removed afterwards.
    private func loading<T>(_ files: [String: String], _ body: (URL) throws -> T) throws -> T {
        let directory = try writeFileTree(files)
        defer { try? FileManager.default.removeItem(at: directory) }
        return try body(directory.appendingPathComponent("openapi.yaml"))
    }

    @Test func aMissingFileNamesTheReferringFileAndLine() throws {
        let failure = try loading([
            "openapi.yaml": Self.header + "paths:\n  /x: {$ref: 'paths/x.yaml'}\n",
            "paths/x.yaml": """
                get:
                  operationId: getX
                  responses:
                    '200':
                      description: x
                      content:
                        application/json:
                          schema: {$ref: '../schemas/gone.yaml'}
                """,
        ]) { try #require(loadFailure(at: $0)) }
        #expect(failure.kind == .unreadable)
        let error = try #require(failure.diagnostics.first { $0.severity == .error })
        #expect(error.code == "missing-file")
        #expect(error.file == "paths/x.yaml")
        #expect(error.line == 8)
        #expect(error.message == "$ref ../schemas/gone.yaml names schemas/gone.yaml, which does not exist")
    }

    @Test func aMissingMarkdownFileIsAMissingFile() throws {
        let failure = try loading([
            "openapi.yaml": Self.header.replacingOccurrences(of: "version", with: "description: {$ref: intro.md}, version")
                + "paths: {}\n",
        ]) { try #require(loadFailure(at: $0)) }
        #expect(failure.diagnostics.map(\.code) == ["missing-file"])
        #expect(failure.diagnostics[0].file == "openapi.yaml")
        #expect(failure.diagnostics[0].line == 2)
    }

    @Test func aDirectoryOrDeviceIsUnreadableNotAHang() throws {
        let directory = try loading([
            "openapi.yaml": Self.header + "paths:\n  /x: {$ref: 'paths'}\n",
            "paths/x.yaml": "get: {responses: {'200': {description: x}}}\n",
        ]) { try #require(loadFailure(at: $0)) }
        #expect(directory.diagnostics.map(\.code) == ["unreadable"])
        #expect(directory.diagnostics[0].message == "$ref paths names paths, which is not a regular file")
        let device = try loading([
            "openapi.yaml": Self.header.replacingOccurrences(of: "version", with: "description: {$ref: /dev/zero}, version")
                + "paths: {}\n",
        ]) { try #require(loadFailure(at: $0)) }
        #expect(device.diagnostics.map(\.code) == ["unreadable"])
        #expect(device.diagnostics[0].message.hasSuffix("which is not a regular file"))
    }

    @Test func aFileOverTheLimitIsUnreadable() throws {
        let directory = try writeFileTree(["openapi.yaml": Self.header + "paths:\n  /x: {$ref: 'huge.yaml'}\n"])
        defer { try? FileManager.default.removeItem(at: directory) }
        // A sparse file: 1 byte over the limit on paper, nothing on disk.
        let huge = directory.appendingPathComponent("huge.yaml")
        #expect(FileManager.default.createFile(atPath: huge.path, contents: nil))
        let handle = try FileHandle(forWritingTo: huge)
        try handle.truncate(atOffset: UInt64(ReferenceBundler.largestReferencedFile + 1))
        try handle.close()
        let failure = try #require(loadFailure(at: directory.appendingPathComponent("openapi.yaml")))
        #expect(failure.diagnostics.map(\.code) == ["unreadable"])
        #expect(failure.diagnostics[0].message == "$ref huge.yaml names huge.yaml, which is 67108865 bytes, over the 64 MiB a referenced file may have")
    }

    @Test func aPathItemCycleAcrossFilesIsAnError() throws {
        let failure = try loading([
            "openapi.yaml": Self.header + "paths:\n  /a: {$ref: 'a.yaml'}\n",
            "a.yaml": "$ref: 'b.yaml'\n",
            "b.yaml": "$ref: 'a.yaml'\n",
        ]) { try #require(loadFailure(at: $0)) }
        #expect(failure.diagnostics.map(\.code) == ["ref-cycle"])
        #expect(failure.diagnostics[0].file == "b.yaml")
        #expect(failure.diagnostics[0].message.contains("$ref a.yaml is inlined here"))
    }

    @Test func aPropertiesMapCycleAcrossFilesIsAnError() throws {
        let failure = try loading([
            "openapi.yaml": Self.header + """
                paths: {}
                components:
                  schemas:
                    Pet: {type: object, properties: {$ref: 'a.yaml'}}
                """,
            "a.yaml": "$ref: 'b.yaml'\n",
            "b.yaml": "$ref: 'a.yaml#'\n",
        ]) { try #require(loadFailure(at: $0)) }
        #expect(failure.diagnostics.map(\.code) == ["ref-cycle"])
        #expect(failure.diagnostics[0].message == "the map $ref a.yaml# refers back to itself")
    }

    @Test func aSchemaCycleAcrossFilesIsARecursiveType() throws {
        let document = try loading([
            "openapi.yaml": Self.header + """
                paths: {}
                components:
                  schemas:
                    Folder: {$ref: 'folder.yaml'}
                """,
            "folder.yaml": "type: object\nproperties:\n  files: {type: array, items: {$ref: 'file.yaml'}}\n",
            "file.yaml": "type: object\nproperties:\n  parent: {$ref: 'folder.yaml'}\n",
        ]) { try DocumentLoader(diagnostics: DiagnosticCollector()).load(url: $0) }
        #expect(Array(document.components.schemas.keys.map(\.rawValue)) == ["Folder", "file"])
        let file = try #require(document.components.schemas["file"]?.objectContext?.properties["parent"])
        #expect(file.reference?.name == "Folder")
    }

    @Test func componentsThatOnlyReferToEachOtherAreAnError() throws {
        let failure = try loading([
            "openapi.yaml": Self.header + """
                paths: {}
                components:
                  schemas:
                    A: {$ref: 'a.yaml'}
                """,
            "a.yaml": "$ref: 'b.yaml'\n",
            "b.yaml": "$ref: 'a.yaml'\n",
        ]) { try #require(loadFailure(at: $0)) }
        #expect(failure.diagnostics.map(\.code) == ["ref-cycle"])
        #expect(failure.diagnostics[0].message
            == "components.schemas.A is only a $ref, and following the $refs from it comes back to it: A → b → A")
    }

    @Test func aRefAboveTheRootDirectoryIsReadWithAWarning() throws {
        let (document, diagnostics) = try loading([
            "api/openapi.yaml": Self.header + """
                paths:
                  /x:
                    get:
                      responses:
                        default: {$ref: '../shared/error.yaml'}
                """,
            "shared/error.yaml": "description: failed\n",
        ]) { url in
            let diagnostics = DiagnosticCollector()
            let root = url.deletingLastPathComponent().appendingPathComponent("api/openapi.yaml")
            return (try DocumentLoader(diagnostics: diagnostics).load(url: root), diagnostics.diagnostics)
        }
        #expect(document.components.responses["error"]?.b?.description == "failed")
        #expect(diagnostics.map(\.code) == ["ref-outside-root"])
        #expect(diagnostics[0].severity == .warning)
        #expect(diagnostics[0].file == "openapi.yaml")
        #expect(diagnostics[0].line == 7)
        #expect(diagnostics[0].message.contains("outside the root document's directory"))
    }

    @Test func aPointerIntoNothingNamesTheFile() throws {
        let failure = try loading([
            "openapi.yaml": Self.header + "paths:\n  /a: {$ref: 'paths.yaml#/~1b'}\n",
            "paths.yaml": "/a: {get: {responses: {default: {description: x}}}}\n",
        ]) { try #require(loadFailure(at: $0)) }
        #expect(failure.diagnostics.map(\.code) == ["unresolved-ref"])
        #expect(failure.diagnostics[0].message == "$ref paths.yaml#/~1b names nothing in paths.yaml")
    }

    @Test func aPropertiesRefToAListIsAnError() throws {
        let failure = try loading([
            "openapi.yaml": Self.header + """
                paths: {}
                components:
                  schemas:
                    Pet: {type: object, properties: {$ref: 'list.yaml'}}
                """,
            "list.yaml": "- a\n- b\n",
        ]) { try #require(loadFailure(at: $0)) }
        #expect(failure.diagnostics.map(\.code) == ["unresolved-ref"])
        #expect(failure.diagnostics[0].message.contains("must name a map of properties"))
    }

    @Test func aDirectoryWithoutARootDocumentIsAnError() throws {
        let failure = try loading(["other.yaml": "a: 1\n"]) { url in
            try #require(loadFailure(at: url.deletingLastPathComponent()))
        }
        #expect(failure.diagnostics.map(\.code) == ["no-root-document"])
    }
}
