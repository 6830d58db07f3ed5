import OpenAPIKit

/// Keeps only the operations `--tag`, `--operation` and `--path` ask for. (Skeleton: P4.)
struct OperationFilter {
    let options: GeneratorOptions

    func apply(to document: OpenAPI.Document, diagnostics: DiagnosticCollector) -> OpenAPI.Document {
        document
    }
}
