/// A finding about the input document: where it is and what the generator did about it.
///
/// Real documents are messy; the generator repairs what it can and says so here rather than dropping anything
/// silently. `error` stops generation.
public struct Diagnostic: Hashable, Sendable, CustomStringConvertible {
    public enum Severity: String, Hashable, Sendable, Comparable {
        case note, warning, error

        private var rank: Int { self == .note ? 0 : self == .warning ? 1 : 2 }
        public static func < (lhs: Self, rhs: Self) -> Bool { lhs.rank < rhs.rank }
    }

    public var severity: Severity
    /// A short stable code for the kind of finding (`integer-bound`, `swagger2`, `required-missing`…).
    public var code: String
    /// Where in the document, as a dotted path (`components.schemas.Pet.properties.tag`).
    public var path: String
    /// The file the finding is in (last path component), when known.
    public var file: String?
    public var line: Int?
    public var column: Int?
    public var message: String

    public init(
        _ severity: Severity, code: String, path: String, file: String? = nil, line: Int? = nil, column: Int? = nil,
        message: String
    ) {
        self.severity = severity
        self.code = code
        self.path = path
        self.file = file
        self.line = line
        self.column = column
        self.message = message
    }

    /// `warning: openai.yaml:1234:9: components.schemas.X.seed: … [integer-bound]`, the compiler's layout.
    public var description: String {
        var place = file ?? ""
        if let line { place += ":\(line)" + (column.map { ":\($0)" } ?? "") }
        let location = [place, path].filter { !$0.isEmpty }.joined(separator: ": ")
        return "\(severity.rawValue): \(location.isEmpty ? "" : location + ": ")\(message) [\(code)]"
    }
}

/// Collects diagnostics while a document goes through the stages. A class so every stage appends to one list;
/// generation runs on one thread and the collector never crosses an isolation boundary.
final class DiagnosticCollector {
    private(set) var diagnostics: [Diagnostic] = []
    /// Source positions for dotted paths, filled by the loader.
    var locate: (String) -> (file: String?, line: Int?, column: Int?) = { _ in (nil, nil, nil) }

    func report(_ severity: Diagnostic.Severity, _ code: String, at path: String, _ message: String) {
        let place = locate(path)
        diagnostics.append(
            Diagnostic(severity, code: code, path: path, file: place.file, line: place.line, column: place.column,
                       message: message))
    }

    func note(_ code: String, at path: String, _ message: String) { report(.note, code, at: path, message) }
    func warning(_ code: String, at path: String, _ message: String) { report(.warning, code, at: path, message) }
    func error(_ code: String, at path: String, _ message: String) { report(.error, code, at: path, message) }

    var hasErrors: Bool { diagnostics.contains { $0.severity == .error } }
}

/// Generation stopped: the document cannot be read or is refused (Swagger 2.0). The diagnostics say why.
public struct GenerationError: Error, CustomStringConvertible, Sendable {
    public enum Kind: Sendable, Hashable {
        /// The file cannot be read or parsed, or OpenAPIKit rejects it after the lenient fixes.
        case unreadable
        /// Valid input the generator does not take (Swagger 2.0, an unknown `openapi` version).
        case refused
    }
    public var kind: Kind
    public var diagnostics: [Diagnostic]

    public init(kind: Kind, diagnostics: [Diagnostic]) {
        self.kind = kind
        self.diagnostics = diagnostics
    }

    public var description: String {
        diagnostics.filter { $0.severity == .error }.map(\.description).joined(separator: "\n")
    }
}
