import Testing
@testable import CourierGenerator

/// A `text/event-stream` success response gives the operation an `…Events` factory whose events' data is the
/// documented schema: `itemSchema` (OpenAPI 3.2) first, else `schema` (OpenAI's form); not for string or absent schemas.
@Suite struct EventStreamMappingTests {
    static let document = """
        openapi: 3.1.0
        info: {title: Streams, version: "1"}
        components:
          schemas:
            Delta:
              type: object
              properties:
                text: {type: string}
        paths:
          /chat:
            post:
              operationId: chat
              responses:
                "200":
                  description: ok
                  content:
                    application/json:
                      schema: {type: object, properties: {id: {type: string}}}
                    text/event-stream:
                      schema: {$ref: "#/components/schemas/Delta"}
          /items:
            get:
              operationId: items
              responses:
                "200":
                  description: ok
                  content:
                    text/event-stream:
                      itemSchema: {type: array, items: {type: integer}}
          /raw:
            get:
              operationId: raw
              responses:
                "200":
                  description: ok
                  content:
                    text/event-stream:
                      schema: {type: string}
          /completions:
            get:
              operationId: completions
              parameters:
                - {name: Accept, in: header, description: the answer's media type, schema: {type: string}}
                - {name: model, in: query, schema: {type: string}}
              responses:
                "200":
                  description: ok
                  content:
                    application/json:
                      schema: {type: object, properties: {id: {type: string}}}
                    text/event-stream:
                      schema: {$ref: "#/components/schemas/Delta"}
          /none:
            get:
              operationId: none
              responses:
                "200":
                  description: ok
                  content:
                    text/event-stream: {}
        """

    private func operation(_ id: String) throws -> OperationDecl {
        let output = try OperationTestSupport.map(Self.document).output
        return try #require(output.operations.first { $0.operationID == id })
    }

    @Test func theSchemaBesideJSONIsTheEventData() throws {
        let chat = try operation("chat")
        #expect(chat.eventItem == .named("Delta"))
        // The JSON response keeps its factory.
        guard case .single(.json, _) = chat.success else {
            Issue.record("the JSON success shape was lost: \(chat.success)")
            return
        }
    }

    @Test func itemSchemaIsTheEventData() throws {
        #expect(try operation("items").eventItem == .array(.primitive(.int)))
    }

    @Test func stringOrAbsentSchemasGiveNoEventsFactory() throws {
        #expect(try operation("raw").eventItem == nil)
        #expect(try operation("none").eventItem == nil)
    }

    @Test func theEventsFactoryIsEmitted() throws {
        let output = try OperationTestSupport.map(Self.document).output
        var out = SwiftWriter()
        OperationEmitter(operation: try #require(output.operations.first { $0.operationID == "chat" }), codersName: "StreamsCoders").writeFunctions(&out)
        #expect(out.text.contains("public func chatEvents() -> Courier.EventStreamEndpoint<Delta>"))
        #expect(out.text.contains(#"return Courier.EventStreamEndpoint(Courier.Endpoint<Swift.Void>(operation: "chat", method: .post, path: "/chat", accept: "text/event-stream", coders: StreamsCoders.shared) { _ in })"#))
    }

    /// Issue 25 review: a declared `Accept` parameter would replace the `text/event-stream` the `…Events` factory
    /// must ask for, so that factory leaves it out; the plain factory keeps it.
    @Test func theEventsFactoryLeavesOutADeclaredAcceptParameter() throws {
        let output = try OperationTestSupport.map(Self.document).output
        var out = SwiftWriter()
        OperationEmitter(operation: try #require(output.operations.first { $0.operationID == "completions" }), codersName: "StreamsCoders")
            .writeFunctions(&out)
        let text = out.text
        #expect(text.contains("public func completions(accept: Swift.String? = nil, model: Swift.String? = nil) -> Courier.Endpoint<"))
        #expect(text.contains("public func completionsEvents(model: Swift.String? = nil) -> Courier.EventStreamEndpoint<Delta>"))
        let events = try #require(text.range(of: "public func completionsEvents(")).lowerBound
        let eventsBody = String(text[events...])
        #expect(!eventsBody.contains(#"parameters.header("Accept""#))
        #expect(eventsBody.contains(#"parameters.query("model", model)"#))
        #expect(eventsBody.contains(#"accept: "text/event-stream""#))
        // Its documentation does not describe the parameter it lacks either.
        let eventsDoc = String(text[..<events].split(separator: "\n\n").last ?? "")
        #expect(!eventsDoc.contains("- accept:"))
    }
}
