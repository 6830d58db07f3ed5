import OpenAPIKit

/// Collects an operation's documented response examples, checked against the response's Swift type, for stubs.
/// (Skeleton: P5 fills in §5.6.) The operation mapper calls it for every operation.
struct ExampleCollector {
    let document: OpenAPI.Document
    let diagnostics: DiagnosticCollector

    /// Examples for `operation`'s documented responses; `path` is the operation's dotted document path.
    func examples(for operation: OpenAPI.Operation, path: String) -> [ExampleDecl] {
        []
    }
}
