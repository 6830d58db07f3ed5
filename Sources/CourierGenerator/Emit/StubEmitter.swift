/// Writes the testing module (`Sources/<M>Testing/<M>Examples.swift`: the document's examples as stubs) and the
/// example-based tests (`Tests/<M>Tests/<M>ExampleTests.swift`), §5.6 of the plan.
///
/// One stub per operation that documents an example: its first success example, else its first error example
/// (a route answers one way). Deprecated operations are left out, so nothing generated warns.
struct StubEmitter {
    let model: APIModel

    /// The operation and the example its stub answers with.
    struct Stub {
        var operation: OperationDecl
        var example: ExampleDecl
        var isSuccess: Bool { (200..<300).contains(example.status) }
    }

    var stubs: [Stub] {
        model.operations.compactMap { operation in
            guard !operation.deprecated else { return nil }
            if let success = operation.examples.first(where: { (200..<300).contains($0.status) }) {
                return Stub(operation: operation, example: success)
            }
            if !operation.errors.isEmpty, let failure = operation.examples.first(where: { $0.status >= 400 }) {
                return Stub(operation: operation, example: failure)
            }
            return nil
        }
    }

    func files() -> [GeneratedFile] {
        let stubs = stubs
        guard !stubs.isEmpty else { return [] }
        return [testingFile(stubs), ExampleTestEmitter(model: model, stubs: stubs).file()]
    }

    private func testingFile(_ stubs: [Stub]) -> GeneratedFile {
        let module = model.moduleName
        var out = SwiftWriter()
        out.line()
        out.doc(
            "The responses documented in \"\(oneLine(model.title))\", one per operation that has an example, as stubs "
                + "for tests and previews.")
        out.block("public enum \(module)Examples") { out in
            out.doc(
                "Operation ID, status, content type and body (JSON examples as canonical JSON, keys sorted), in the "
                    + "document's order.")
            out.line(
                "public static let stubs: [(operationID: Swift.String, status: Swift.Int, contentType: Swift.String, "
                    + "body: Swift.String)] = [")
            out.indented { out in
                for stub in stubs {
                    out.line(
                        "(operationID: \(SwiftWriter.stringLiteral(stub.operation.operationID)), "
                            + "status: \(stub.example.status), "
                            + "contentType: \(SwiftWriter.stringLiteral(stub.example.contentType)), "
                            + "body: \(SwiftWriter.stringLiteral(stub.example.body))),")
                }
            }
            out.line("]")
            out.line()
            out.doc("The stub response of one entry of `stubs`.")
            out.block(
                "static func response(status: Swift.Int, contentType: Swift.String, body: Swift.String) -> "
                    + "CourierTesting.StubResponse")
            { out in
                out.line(".data(Foundation.Data(body.utf8), status: status, headers: [\"Content-Type\": contentType])")
            }
        }
        out.line()
        out.block("extension CourierTesting.StubTransport") { out in
            out.doc(
                "Answers every operation in `\(module)Examples.stubs` with its documented example (matched by "
                    + "operation ID, whatever the parameters).")
            out.line("@discardableResult")
            out.block("public func stubbing\(module)Examples() -> CourierTesting.StubTransport") { out in
                out.block("for example in \(module)Examples.stubs") { out in
                    out.line(
                        "stub(.operation(example.operationID), with: \(module)Examples.response("
                            + "status: example.status, contentType: example.contentType, body: example.body))")
                }
                out.line("return self")
            }
        }
        out.line()
        out.block("extension Courier.Client") { out in
            out.doc(
                "A client that answers every operation in `\(module)Examples.stubs` with its documented example "
                    + "and sends every other request on as this client does.")
            out.block("public func stubbing\(module)Examples() -> Courier.Client") { out in
                out.line("var client = self")
                out.block("for example in \(module)Examples.stubs") { out in
                    out.line(
                        "client = client.stubbing(.operation(example.operationID), with: \(module)Examples.response("
                            + "status: example.status, contentType: example.contentType, body: example.body))")
                }
                out.line("return client")
            }
        }
        return GeneratedFile(
            path: "Sources/\(module)Testing/\(module)Examples.swift",
            contents: GeneratedHeader.swift(title: model.title, imports: ["Courier", "CourierTesting", "Foundation"])
                + out.text)
    }

    private func oneLine(_ text: String) -> String {
        text.split(whereSeparator: \.isNewline).joined(separator: " ").replacingOccurrences(of: "\"", with: "'")
    }
}
