/// A finding about the input document: where it is and what the generator did about it.
///
/// Real documents are messy; the generator repairs what it can and says so here rather than dropping anything
/// silently. `error` stops generation.
public struct Diagnostic: Hashable, Sendable, CustomStringConvertible {
    /// How much a finding matters; ordered `note < warning < error`.
    public enum Severity: String, Hashable, Sendable, Comparable {
        /// Something ignored on purpose (callbacks, XML typing).
        case note
        /// Something repaired or read leniently; the output is still complete.
        case warning
        /// Generation cannot go on.
        case error

        private var rank: Int { self == .note ? 0 : self == .warning ? 1 : 2 }
        /// Orders by how much the finding matters.
        public static func < (lhs: Self, rhs: Self) -> Bool { lhs.rank < rhs.rank }
    }

    /// How much it matters.
    public var severity: Severity
    /// A short stable code for the kind of finding (`integer-bound`, `swagger2`, `required-missing`…).
    public var code: String
    /// Where in the document, as a dotted path (`components.schemas.Pet.properties.tag`).
    public var path: String
    /// The file the finding is in (last path component), when known.
    public var file: String?
    /// The 1-based line in `file`, when known.
    public var line: Int?
    /// The 1-based column in `file`, when known.
    public var column: Int?
    /// What was found and what the generator did about it.
    public var message: String

    /// A finding; `file`, `line` and `column` come from the loader's source map when it is known.
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
        report(severity, code, at: path, place: locate(path), message)
    }

    /// A finding whose position is already known (a `$ref` in a file the source map does not cover yet).
    func report(
        _ severity: Diagnostic.Severity, _ code: String, at path: String,
        place: (file: String?, line: Int?, column: Int?), _ message: String
    ) {
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
    /// Why generation stopped.
    public enum Kind: Sendable, Hashable {
        /// The file cannot be read or parsed, or OpenAPIKit rejects it after the lenient fixes.
        case unreadable
        /// Valid input the generator does not take (Swagger 2.0, an unknown `openapi` version).
        case refused
    }
    /// Unreadable or refused.
    public var kind: Kind
    /// Everything reported up to the stop; the errors say why.
    public var diagnostics: [Diagnostic]

    /// A stop of `kind`, explained by `diagnostics`.
    public init(kind: Kind, diagnostics: [Diagnostic]) {
        self.kind = kind
        self.diagnostics = diagnostics
    }

    /// The error diagnostics, one per line.
    public var description: String {
        diagnostics.filter { $0.severity == .error }.map(\.description).joined(separator: "\n")
    }
}
