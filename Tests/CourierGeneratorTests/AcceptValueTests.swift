@testable import CourierGenerator
import Testing

/// The `Accept` each generated operation sends: the media types its responses document, JSON preferred at q=1,
/// the others at q=0.5; when the success bodies are not JSON, the success types first and the error types at q=0.1;
/// `*/*` only without content.
@Suite struct AcceptValueTests {
    /// One `GET /thing` operation with these `responses:` lines (indented under `responses:`).
    private func operation(_ responses: String, parameters: String = "") throws -> OperationDecl {
        try mapped(responses, parameters: parameters).operation
    }

    private func mapped(_ responses: String, parameters: String = "") throws -> (operation: OperationDecl, diagnostics: [Diagnostic]) {
        let yaml = """
            openapi: 3.1.0
            info: {title: T, version: "1"}
            paths:
              /thing:
                get:
                  operationId: thing
            \(parameters)
                  responses:
            \(responses)
            """
        let (output, diagnostics) = try OperationTestSupport.map(yaml)
        return (try #require(output.operations.first), diagnostics)
    }

    private func function(_ decl: OperationDecl) -> String {
        var out = SwiftWriter()
        OperationEmitter(operation: decl, codersName: "TCoders").writeFunctions(&out)
        return out.text
    }

    @Test func jsonOnlyIsApplicationJSONAndTheEmittedCallKeepsTheRuntimeDefault() throws {
        let decl = try operation("""
                    '200': {description: ok, content: {application/json: {schema: {type: object}}}}
                    '404': {description: missing, content: {application/problem+json: {schema: {type: object}}}}
            """)
        #expect(decl.accept == "application/json, application/problem+json")
        let plain = try operation("""
                    '200': {description: ok, content: {application/json: {schema: {type: object}}}}
            """)
        #expect(plain.accept == "application/json")
        #expect(!function(plain).contains("accept:"))
    }

    /// Issue 25 review: a server that answers by `Accept` (Spring's `produces`) refuses a documented JSON error with an
    /// empty 406 unless it is asked for; at q=0.1 it still never wins over the PDF.
    @Test func pdfFirstAndTheDocumentedErrorTypesLowestAndReturnsData() throws {
        let decl = try operation("""
                    '200': {description: pdf, content: {application/pdf: {schema: {type: string, format: binary}}}}
                    '404': {description: missing, content: {application/json: {schema: {type: object}}}}
            """)
        #expect(decl.accept == "application/pdf, application/json;q=0.1")
        #expect(decl.success == .single(.data, statuses: [.code(200)]))
        #expect(decl.successMediaTypes == ["application/pdf"])
        let text = function(decl)
        #expect(text.contains(#"accept: "application/pdf, application/json;q=0.1", coders: TCoders.shared"#))
        #expect(text.contains("-> Courier.Endpoint<Foundation.Data>"))
        #expect(text.contains("case 200: return response.data"))
    }

    @Test func csvOnlyAsksForCSVAndReturnsItsBytes() throws {
        let decl = try operation("""
                    '200': {description: csv, content: {'text/csv; charset=utf-8': {schema: {type: string}}}}
            """)
        #expect(decl.accept == "text/csv")
        #expect(decl.success == .single(.data, statuses: [.code(200)]))
    }

    @Test func mixedTypesPutJSONFirstAtFullWeightAndTheRestLower() throws {
        let decl = try operation("""
                    '200':
                      description: the report
                      content:
                        text/csv: {schema: {type: string}}
                        application/json: {schema: {type: array, items: {type: integer}}}
                        application/xml: {schema: {type: string}}
                    '400': {description: bad, content: {text/plain: {schema: {type: string}}}}
                    '500': {description: down, content: {application/problem+json: {schema: {type: object}}}}
            """)
        #expect(decl.accept == "application/json, application/problem+json, text/csv;q=0.5, application/xml;q=0.5, text/plain;q=0.5")
        #expect(decl.success == .single(.json(.array(.primitive(.int))), statuses: [.code(200)]))
    }

    @Test func severalNonJSONTypesPreferTheFirstTheDocumentListsAndErrorsComeLast() throws {
        let decl = try operation("""
                    '200':
                      description: a picture
                      content:
                        image/*: {schema: {type: string, format: binary}}
                        application/octet-stream: {schema: {type: string, format: binary}}
                    '400': {description: bad, content: {application/problem+json: {schema: {type: object}}, image/*: {}}}
                    '500': {description: down, content: {text/plain: {schema: {type: string}}}}
            """)
        #expect(decl.accept
            == "image/*, application/octet-stream;q=0.5, application/problem+json;q=0.1, text/plain;q=0.1")
        #expect(decl.success == .single(.data, statuses: [.code(200)]))
    }

    @Test func noContentAnywhereIsTheOnlyWildcardInvented() throws {
        let decl = try operation("""
                    '204': {description: done}
                    '404': {description: missing}
            """)
        #expect(decl.accept == "*/*")
        #expect(function(decl).contains(#"accept: "*/*""#))
        let errorsOnly = try operation("""
                    '204': {description: done}
                    '422': {description: invalid, content: {application/json: {schema: {type: object}}}}
            """)
        #expect(errorsOnly.accept == "application/json")
    }

    @Test func aDeclaredAcceptParameterIsKeptAndOverridesTheDefault() throws {
        let decl = try operation("""
                    '200':
                      description: the report
                      content:
                        application/json: {schema: {type: integer}}
                        text/csv: {schema: {type: string}}
            """, parameters: """
                  parameters:
                    - {name: Accept, in: header, schema: {type: string}}
            """)
        #expect(decl.parameters.map(\.wireName) == ["Accept"])
        #expect(decl.accept == "application/json, text/csv;q=0.5")
        let text = function(decl)
        #expect(text.contains("public func thing(accept: Swift.String? = nil) -> Courier.Endpoint<Swift.Int>"))
        // The caller's header goes in first; `Endpoint.headers(_:defaultAccept:)` keeps it over the default.
        #expect(text.contains(#"parameters.header("Accept", accept)"#))
        #expect(text.contains(#"accept: "application/json, text/csv;q=0.5""#))
    }

    /// A content key that is a list (`application/pdf,text/csv`) is not a media type: the loader removes it with a
    /// `media-type` warning. One that the loader keeps but that cannot go into `Accept` (`text/c sv`) is left out of
    /// it with an `accept-media-type` warning. Either way the warning names the key and where it is, and the Accept
    /// value is made of the well-formed types alone.
    @Test func contentKeysThatAreNotMediaTypesAreLeftOutWithAWarning() throws {
        let (decl, diagnostics) = try mapped("""
                    '200':
                      description: the report
                      content:
                        'application/pdf,text/csv': {schema: {type: string, format: binary}}
                        'text/c sv': {schema: {type: string}}
                        text/csv: {schema: {type: string}}
                    '404': {description: missing, content: {application/json: {schema: {type: object}}}}
            """)
        let removed = try #require(diagnostics.first { $0.code == "media-type" })
        #expect(removed.severity == .warning)
        #expect(removed.path.hasSuffix("responses.200.content.application/pdf,text/csv"))
        #expect(removed.message == "`application/pdf,text/csv` under `content` is not a media type (type/subtype); removed")
        let leftOut = diagnostics.filter { $0.code == "accept-media-type" }
        #expect(leftOut.count == 1)
        #expect(leftOut.first?.severity == .warning)
        #expect(leftOut.first?.path.hasSuffix("responses.200.content.text/c sv") == true)
        #expect(leftOut.first?.message == "`text/c sv` is not a well-formed media type; not sent in Accept")
        #expect(decl.accept == "text/csv, application/json;q=0.1")
        #expect(decl.successMediaTypes == ["text/csv"])
    }

    @Test func mediaTypesThatAreNotWellFormedAreRecognised() throws {
        #expect(AcceptValue.isWellFormed("application/vnd.api+json; charset=utf-8"))
        #expect(AcceptValue.isWellFormed("*/*"))
        #expect(!AcceptValue.isWellFormed("*/json"))
        #expect(!AcceptValue.isWellFormed("application/pdf,text/csv"))
        #expect(!AcceptValue.isWellFormed("text/c sv"))
        #expect(AcceptValue.compose(success: ["Application/PDF", "application/pdf"], errors: []) == "application/pdf")
        #expect(AcceptValue.compose(success: ["application/pdf"], errors: ["application/pdf", "application/json"])
            == "application/pdf, application/json;q=0.1")
    }
}
