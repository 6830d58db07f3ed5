import Foundation
import Yams

/// Parses YAML and JSON (JSON is YAML) into a Yams `Node` tree, keeping key order and line:column marks.
enum YAMLReader {
    /// Only merge keys (`<<`) are resolved at parse time; every other scalar keeps its text and is read as what the
    /// decoder asks for, exactly as `YAMLDecoder.decode(_:from: String)` does.
    ///
    /// NOTE: not the YAML 1.1 `Resolver.default`, nor one with `int` rules: `YAMLDecoder` finds a key by building
    /// a node from the key's text and comparing *resolved tags*, so a quoted `"200"` (a `str`) would not match the
    /// lookup's `int` and every JSON response map would lose its keys. YAML 1.1 booleans are handled by
    /// ``pinNonBooleans(in:)`` instead.
    static let resolver = Resolver.basic.appending(.merge)

    /// A file that is not YAML (or JSON), with the parser's own message (which carries line and column).
    struct Failure: Error {
        var message: String
        var line: Int?
        var column: Int?
    }

    static func parse(_ text: String) throws(Failure) -> Node {
        let root: Node?
        do {
            root = try Yams.compose(yaml: text, resolver)
        } catch let error as YamlError {
            throw Failure(error)
        } catch {
            throw Failure(message: "\(error)")
        }
        guard var root else { throw Failure(message: "the file is empty") }
        pinNonBooleans(in: &root)
        return root
    }

    /// Yams reads a plain `yes`/`no`/`on`/`off` (any case) as a boolean unless its tag says string, which would turn
    /// an enum value `NO` (Norway) or `off` into `false`. Only `true` and `false` are booleans in JSON and in
    /// OpenAPI, so those four spellings get an explicit string tag.
    static func pinNonBooleans(in node: inout Node) {
        switch node {
        case .scalar(let scalar):
            guard scalar.string.count <= 3, scalar.style == .plain || scalar.style == .any else { return }
            if ["yes", "no", "on", "off"].contains(scalar.string.lowercased()) {
                node = .scalar(.init(scalar.string, Tag(.str), .plain, scalar.mark))
            }
        case .mapping, .sequence:
            node.editChildren { _, child in pinNonBooleans(in: &child) }
        case .alias:
            return
        }
    }
}

extension YAMLReader.Failure {
    init(_ error: YamlError) {
        switch error {
        case .scanner(let context, let problem, let mark, _), .parser(let context, let problem, let mark, _):
            let what = [context?.text, problem].compactMap { $0 }.filter { !$0.isEmpty }.joined(separator: " ")
            self.init(message: "not YAML or JSON: \(what)", line: mark.line, column: mark.column)
        case .composer(let context, let problem, let mark, _):
            let what = [context?.text, problem].compactMap { $0 }.filter { !$0.isEmpty }.joined(separator: " ")
            self.init(message: "not YAML or JSON: \(what)", line: mark.line, column: mark.column)
        case .duplicatedKeysInMapping(let duplicates, let context):
            self.init(
                message: "duplicate keys in one mapping: \(duplicates.joined(separator: ", "))",
                line: context.mark.line, column: context.mark.column)
        default:
            self.init(message: "not YAML or JSON: \(error)")
        }
    }
}
