import Foundation
import Yams

/// Turns a multi-file document, and references OpenAPIKit cannot decode, into one document whose every `$ref` is
/// `#/components/<kind>/<name>` — working on the node tree before decoding.
///
/// - A `$ref` to another local file (`schemas/pet.yaml#/Pet`, relative to the referring file) hoists the target into
///   `components/<kind>/<Name>`; refs inside that file resolve relative to it. Path items are inlined (3.0 has no
///   `components.pathItems`). `discriminator.mapping` values naming files are rewritten too.
/// - A pointer deeper than a component (`#/components/responses/Conflict/content/application~1json/schema`,
///   PagerDuty) hoists a copy named `<Owner><LastSegment>`.
/// - A ref of the wrong kind (a response `$ref` to `#/components/requestBodies/X`) gets a copy of the right kind and
///   a warning.
///
/// Hoisting is memoised by (file, pointer, kind), and the name is reserved before the target is visited, so cycles
/// end in a reference to the component being built.
final class ReferenceBundler {
    struct Failure: Error {
        var code: String
        var path: String
        var message: String
    }

    private let rootURL: URL
    let diagnosticsSink: DiagnosticCollector
    private var parsedFiles: [URL: Node] = [:]
    private var hoisted: [String: String] = [:]
    private var takenNames: [String: Set<String>] = [:]
    private var additions: [(kind: String, name: String, node: Node)] = []
    private var inlining: Set<String> = []
    /// Dotted path of each subtree that came from another file → that file, for ``SourceMap``.
    private(set) var origins: [String: String] = [:]

    init(rootURL: URL, diagnostics: DiagnosticCollector) {
        self.rootURL = rootURL.standardizedFileURL
        self.diagnosticsSink = diagnostics
    }

    func bundle(_ root: inout Node) throws(Failure) {
        for kind in ["schemas", "responses", "parameters", "requestBodies", "headers", "examples", "links",
                     "callbacks", "securitySchemes", "pathItems"] {
            if case .mapping(let map)? = root.value(forKey: "components")?.value(forKey: kind) {
                takenNames[kind] = Set(map.compactMap { $0.key.text })
            }
        }
        try rewriteExternalReferences(in: &root, path: [], base: rootURL, isRoot: true)
        try insertAdditions(into: &root)
        let snapshot = root
        try rewriteInternalReferences(in: &root, path: [], snapshot: snapshot)
        try insertAdditions(into: &root)
    }

    // MARK: - External files

    private func rewriteExternalReferences(in node: inout Node, path: [String], base: URL, isRoot: Bool) throws(Failure) {
        do {
            try DocumentWalk.walk(&node, path: path) { node, path, isNamedMap in
                if !isNamedMap, let ref = node.value(forKey: "$ref")?.text {
                    if isRoot && ref.hasPrefix("#") { return false }
                    try self.rewriteExternal(ref, at: &node, path: path, base: base)
                    return false
                }
                if !isNamedMap, path.last == "discriminator" {
                    try self.rewriteDiscriminatorMapping(in: &node, path: path, base: base, isRoot: isRoot)
                }
                return true
            }
        } catch let failure as Failure {
            throw failure
        } catch {
            throw Failure(code: "unreadable", path: path.dotted, message: "\(error)")
        }
    }

    private func rewriteExternal(_ ref: String, at node: inout Node, path: [String], base: URL) throws(Failure) {
        let (file, pointer) = try target(of: ref, path: path, base: base)
        let kind = DocumentWalk.referenceKind(at: path)
        if kind == "pathItems" && !(file == rootURL && pointer.componentKind == "pathItems") {
            node = try inlined(file: file, pointer: pointer, path: path, ref: ref)
            return
        }
        node.setValue(.string(try hoist(file: file, pointer: pointer, kind: kind, path: path, ref: ref)), forKey: "$ref")
    }

    /// `discriminator.mapping` values are schema names or references; those naming another file are hoisted.
    private func rewriteDiscriminatorMapping(in node: inout Node, path: [String], base: URL, isRoot: Bool) throws(Failure) {
        guard case .mapping(var mapping)? = node.value(forKey: "mapping") else { return }
        for index in mapping.indices {
            guard let value = mapping[index].value.text else { continue }
            let isReference = value.contains("/") || value.contains("#") || value.hasSuffix(".yaml")
                || value.hasSuffix(".yml") || value.hasSuffix(".json")
            guard isReference, !(isRoot && value.hasPrefix("#")) else { continue }
            let here = path + ["mapping", mapping[index].key.text ?? ""]
            let (file, pointer) = try target(of: value, path: here, base: base)
            let ref = try hoist(file: file, pointer: pointer, kind: "schemas", path: here, ref: value)
            mapping[index] = (mapping[index].key, .string(ref))
        }
        node.setValue(.mapping(mapping), forKey: "mapping")
    }

    private func target(of ref: String, path: [String], base: URL) throws(Failure) -> (URL, JSONPointer) {
        let lower = ref.lowercased()
        if lower.hasPrefix("http://") || lower.hasPrefix("https://") || lower.hasPrefix("//") {
            throw Failure(
                code: "remote-ref", path: path.dotted,
                message: "remote references are not fetched; download the file and refer to it by a relative path (\(ref))")
        }
        let hash = ref.firstIndex(of: "#") ?? ref.endIndex
        let filePart = String(ref[..<hash]).removingPercentEncoding ?? String(ref[..<hash])
        let fragment = hash < ref.endIndex ? ref[ref.index(after: hash)...] : ""
        let file = filePart.isEmpty
            ? base : URL(fileURLWithPath: filePart, relativeTo: base.deletingLastPathComponent()).standardizedFileURL
        return (file, JSONPointer(fragment: fragment))
    }

    private func parsedFile(_ url: URL, path: [String], ref: String) throws(Failure) -> Node {
        if let node = parsedFiles[url] { return node }
        let text: String
        do {
            text = try String(contentsOf: url, encoding: .utf8)
        } catch {
            throw Failure(code: "unreadable", path: path.dotted, message: "cannot read \(url.path) for $ref \(ref)")
        }
        let node: Node
        do {
            node = try YAMLReader.parse(text)
        } catch {
            let place = error.line.map { ":\($0)" + (error.column.map { ":\($0)" } ?? "") } ?? ""
            throw Failure(code: "unreadable", path: path.dotted, message: "\(url.lastPathComponent)\(place): \(error.message)")
        }
        parsedFiles[url] = node
        return node
    }

    private func resolved(file: URL, pointer: JSONPointer, path: [String], ref: String) throws(Failure) -> Node {
        guard let node = pointer.resolve(in: try parsedFile(file, path: path, ref: ref)) else {
            throw Failure(code: "unresolved-ref", path: path.dotted, message: "$ref \(ref) names nothing in \(file.lastPathComponent)")
        }
        return node
    }

    /// Hoists the target into `components/<kind>` (once) and returns the internal reference to it.
    private func hoist(file: URL, pointer: JSONPointer, kind: String, path: [String], ref: String) throws(Failure) -> String {
        if file == rootURL, let targetKind = pointer.componentKind, targetKind == kind {
            return "#" + pointer.fragment
        }
        let key = "\(file.path)#\(pointer.fragment)#\(kind)"
        if let existing = hoisted[key] { return existing }
        let name = reserveName(kind: kind, preferred: pointer.segments.last ?? file.deletingPathExtension().lastPathComponent)
        let component = JSONPointer.component(kind, name)
        hoisted[key] = component
        var node = try resolved(file: file, pointer: pointer, path: path, ref: ref)
        let componentPath = ["components", kind, name]
        if file == rootURL {
            // A root-internal pointer that must be hoisted as another kind: its refs are root refs already.
            additions.append((kind, name, node))
            return component
        }
        origins[componentPath.dotted] = relativePath(of: file)
        try rewriteExternalReferences(in: &node, path: componentPath, base: file, isRoot: false)
        additions.append((kind, name, node))
        return component
    }

    private func inlined(file: URL, pointer: JSONPointer, path: [String], ref: String) throws(Failure) -> Node {
        let key = "\(file.path)#\(pointer.fragment)"
        guard inlining.insert(key).inserted else {
            throw Failure(code: "ref-cycle", path: path.dotted, message: "path item $ref \(ref) refers back to itself")
        }
        defer { inlining.remove(key) }
        var node = try resolved(file: file, pointer: pointer, path: path, ref: ref)
        if file != rootURL { origins[path.dotted] = relativePath(of: file) }
        try rewriteExternalReferences(in: &node, path: path, base: file, isRoot: file == rootURL)
        return node
    }

    private func relativePath(of file: URL) -> String {
        let directory = rootURL.deletingLastPathComponent().path + "/"
        return file.path.hasPrefix(directory) ? String(file.path.dropFirst(directory.count)) : file.path
    }

    // MARK: - Names and insertion

    func reserveName(kind: String, preferred: String) -> String {
        let allowed = preferred.unicodeScalars.map {
            CharacterSet.alphanumerics.contains($0) || "-_.".unicodeScalars.contains($0) ? Character($0) : "_"
        }
        var base = String(allowed)
        if base.isEmpty { base = "Component" }
        var name = base
        var counter = 2
        while takenNames[kind, default: []].contains(name) {
            name = "\(base)\(counter)"
            counter += 1
        }
        takenNames[kind, default: []].insert(name)
        return name
    }

    func memoised(_ key: String) -> String? { hoisted[key] }
    func memoise(_ key: String, _ component: String) { hoisted[key] = component }
    func add(kind: String, name: String, node: Node) { additions.append((kind, name, node)) }
    func beginInlining(_ key: String) -> Bool { inlining.insert(key).inserted }
    func endInlining(_ key: String) { inlining.remove(key) }

    private func insertAdditions(into root: inout Node) throws(Failure) {
        guard !additions.isEmpty else { return }
        if !root.has("components") { root.setValue(.newMapping([]), forKey: "components") }
        let pending = additions
        additions = []
        root.editValue(forKey: "components") { components in
            for (kind, name, node) in pending {
                if !components.has(kind) { components.setValue(.newMapping([]), forKey: kind) }
                components.editValue(forKey: kind) { $0.setValue(node, forKey: name) }
            }
        }
    }
}

extension [String] {
    /// The document path as diagnostics print it: keys joined with `.`.
    var dotted: String { joined(separator: ".") }
}
