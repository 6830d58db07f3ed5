@testable import CourierGenerator
import Testing

/// The `Accept` each generated operation sends: the media types its responses document, JSON preferred at q=1,
/// the others at q=0.5; only the success types when the success bodies are not JSON; `*/*` only without content.
@Suite struct AcceptValueTests {
    /// One `GET /thing` operation with these `responses:` lines (indented under `responses:`).
    private func operation(_ responses: String, parameters: String = "") throws -> OperationDecl {
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
        let (output, _) = try OperationTestSupport.map(yaml)
        return try #require(output.operations.first)
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

    @Test func pdfOnlyAsksForPDFAloneAndReturnsData() throws {
        let decl = try operation("""
                    '200': {description: pdf, content: {application/pdf: {schema: {type: string, format: binary}}}}
                    '404': {description: missing, content: {application/json: {schema: {type: object}}}}
            """)
        #expect(decl.accept == "application/pdf")
        #expect(decl.success == .single(.data, statuses: [.code(200)]))
        let text = function(decl)
        #expect(text.contains(#"accept: "application/pdf", coders: TCoders.shared"#))
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

    @Test func severalNonJSONTypesPreferTheFirstTheDocumentLists() throws {
        let decl = try operation("""
                    '200':
                      description: a picture
                      content:
                        image/*: {schema: {type: string, format: binary}}
                        application/octet-stream: {schema: {type: string, format: binary}}
            """)
        #expect(decl.accept == "image/*, application/octet-stream;q=0.5")
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

    @Test func mediaTypesThatAreNotWellFormedAreLeftOutWithAWarning() throws {
        #expect(AcceptValue.isWellFormed("application/vnd.api+json; charset=utf-8"))
        #expect(AcceptValue.isWellFormed("*/*"))
        #expect(!AcceptValue.isWellFormed("*/json"))
        #expect(!AcceptValue.isWellFormed("application/pdf,text/csv"))
        #expect(!AcceptValue.isWellFormed("text/c sv"))
        #expect(AcceptValue.compose(success: ["Application/PDF", "application/pdf"], errors: []) == "application/pdf")
    }
}
