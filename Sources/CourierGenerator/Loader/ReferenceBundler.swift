import Foundation
import Yams

/// Turns a multi-file document, and references OpenAPIKit cannot decode, into one document whose every `$ref` is
/// `#/components/<kind>/<name>` — working on the node tree before decoding.
///
/// - A `$ref` to another local file (`schemas/pet.yaml#/Pet`, relative to the referring file) hoists the target into
///   `components/<kind>/<Name>`; refs inside that file (`../x.yaml`, and `#/…` against that file) resolve relative to
///   it. Path items and operations are inlined (3.0 has no `components.pathItems`). `discriminator.mapping` values
///   naming files are rewritten too.
/// - The layouts Redocly tooling writes (see `ReferenceBundler+Forms.swift`): a root component that is only a `$ref`
///   to a file is that file's home, so every other ref to the file points there and the name stays the author's;
///   a named map that is a `$ref` (`properties: {$ref: attributes.yml#/droplet}`) is inlined; a `$ref` to a
///   Markdown file, or to a string in a YAML file, becomes that text (`description: {$ref: description.md}`).
/// - A `$ref` outside the root document's directory is read, with a `ref-outside-root` warning (see
///   ``outsideRootWarnings``).
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
        /// The file (relative to the root document's directory) and position of the `$ref` that failed; filled in by
        /// the walk that met it, innermost first, and never overwritten.
        var file: String?
        var line: Int?
        var column: Int?
    }

    let rootURL: URL
    /// The root document's directory, with a trailing `/`.
    let rootDirectory: String
    let diagnosticsSink: DiagnosticCollector
    var parsedFiles: [URL: Node] = [:]
    private var hoisted: [String: String] = [:]
    private var takenNames: [String: Set<String>] = [:]
    private var additions: [(kind: String, name: String, node: Node)] = []
    private var inlining: Set<String> = []
    /// `file#fragment` of each root component that is only a `$ref` to another file → that component's pointer.
    var homes: [String: JSONPointer] = [:]
    /// Dotted path of each subtree that came from another file → that file, for ``SourceMap``.
    private(set) var origins: [String: String] = [:]
    /// One `ref-outside-root` warning per file outside the root's directory: (dotted path of the first `$ref`, message).
    /// The loader reports them once the source map knows the bundled tree, so each names its referring file and line.
    var outsideRootWarnings: [(path: String, message: String)] = []
    var filesOutsideRoot: Set<URL> = []

    init(rootURL: URL, diagnostics: DiagnosticCollector) {
        self.rootURL = rootURL.standardizedFileURL
        self.rootDirectory = self.rootURL.deletingLastPathComponent().path + "/"
        self.diagnosticsSink = diagnostics
    }

    static let componentKinds = [
        "schemas", "responses", "parameters", "requestBodies", "headers", "examples", "links", "callbacks",
        "securitySchemes", "pathItems",
    ]

    func bundle(_ root: inout Node) throws(Failure) {
        // Pointers into the root file resolve in the document as read, also when it was given as text.
        parsedFiles[rootURL] = root
        for kind in Self.componentKinds {
            if case .mapping(let map)? = root.value(forKey: "components")?.value(forKey: kind) {
                takenNames[kind] = Set(map.compactMap { $0.key.text })
            }
        }
        try registerHomes(in: root)
        try rewriteExternalReferences(in: &root, path: [], base: rootURL, isRoot: true)
        try insertAdditions(into: &root)
        let snapshot = root
        try rewriteInternalReferences(in: &root, path: [], snapshot: snapshot)
        try insertAdditions(into: &root)
        try checkReferenceOnlyCycles(in: root)
    }

    // MARK: - External files

    /// Rewrites every `$ref` under `node` (which came from `base`) that leaves the root file, or that OpenAPIKit
    /// cannot decode as a reference at all (a text, an operation, a named map). `isNamedMap`: `node` is a map of
    /// author-chosen names (a `properties` map inlined from another file).
    func rewriteExternalReferences(
        in node: inout Node, path: [String], base: URL, isRoot: Bool, isNamedMap: Bool = false
    ) throws(Failure) {
        do {
            try DocumentWalk.walk(&node, path: path, isNamedMap: isNamedMap) { node, path, isNamedMap in
                guard let ref = node.value(forKey: "$ref")?.text else {
                    if !isNamedMap, path.last == "discriminator" {
                        try self.rewriteDiscriminatorMapping(in: &node, path: path, base: base, isRoot: isRoot)
                    }
                    return true
                }
                let mark = node.value(forKey: "$ref")?.mark ?? node.mark
                do throws(Failure) {
                    if isNamedMap {
                        try self.inlineNamedMap(ref, at: &node, path: path, base: base, isRoot: isRoot)
                    } else {
                        try self.rewriteExternal(ref, at: &node, path: path, base: base, isRoot: isRoot)
                    }
                } catch var failure {
                    // The innermost `$ref` that failed names its file and line; outer ones keep it.
                    if failure.file == nil {
                        failure.file = self.relativePath(of: base)
                        failure.line = mark?.line
                        failure.column = mark?.column
                    }
                    throw failure
                }
                return false
            }
        } catch let failure as Failure {
            throw failure
        } catch {
            throw Failure(code: "unreadable", path: path.dotted, message: "\(error)")
        }
    }

    private func rewriteExternal(_ ref: String, at node: inout Node, path: [String], base: URL, isRoot: Bool) throws(Failure) {
        let (file, pointer) = try target(of: ref, path: path, base: base)
        if isRoot && ref.hasPrefix("#") {
            // A root-internal string or operation is inlined now; other root-internal references are the second
            // pass's (``rewriteInternalReferences(in:path:snapshot:)``), which also resolves pointers into what this
            // pass brings in (`#/components/schemas/X` where `components.schemas` is a `$ref` to an index file).
            guard let target = parsedFiles[rootURL].flatMap(pointer.resolve(in:)) else { return }
            if case .scalar = target {
                node = target
            } else if DocumentWalk.isOperation(at: path) {
                node = try inlined(file: file, pointer: pointer, path: path, ref: ref)
            }
            return
        }
        if let inlined = try inlinedValue(file: file, pointer: pointer, path: path, ref: ref) {
            node = inlined
            return
        }
        // Operations cannot be references in OpenAPI; DigitalOcean's `get: {$ref: …}` is inlined like a path item.
        if DocumentWalk.isOperation(at: path) {
            node = try inlined(file: file, pointer: pointer, path: path, ref: ref)
            return
        }
        if home(of: file, pointer)?.segments == path {
            node = try inlined(file: file, pointer: pointer, path: path, ref: ref)
            return
        }
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

    func target(of ref: String, path: [String], base: URL) throws(Failure) -> (URL, JSONPointer) {
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
        noteIfOutsideRoot(file, path: path, ref: ref)
        return (file, JSONPointer(fragment: fragment))
    }

    private func parsedFile(_ url: URL, path: [String], ref: String) throws(Failure) -> Node {
        if let node = parsedFiles[url] { return node }
        let text = try contents(of: url, path: path, ref: ref)
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

    func resolved(file: URL, pointer: JSONPointer, path: [String], ref: String) throws(Failure) -> Node {
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
        // A file whose home is a root component: point there (a deeper pointer is the second pass's to hoist).
        if let home = home(of: file, pointer) { return "#" + home.fragment }
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

    func inlined(file: URL, pointer: JSONPointer, path: [String], ref: String) throws(Failure) -> Node {
        let key = "\(file.path)#\(pointer.fragment)"
        guard inlining.insert(key).inserted else {
            throw Failure(
                code: "ref-cycle", path: path.dotted,
                message: "$ref \(ref) is inlined here (a path item, operation or component file) and refers back to itself")
        }
        defer { inlining.remove(key) }
        var node = try resolved(file: file, pointer: pointer, path: path, ref: ref)
        setOrigin(path, file)
        try rewriteExternalReferences(in: &node, path: path, base: file, isRoot: file == rootURL)
        return node
    }

    func relativePath(of file: URL) -> String {
        file.path.hasPrefix(rootDirectory) ? String(file.path.dropFirst(rootDirectory.count)) : file.path
    }

    func setOrigin(_ path: [String], _ file: URL) {
        if file != rootURL { origins[path.dotted] = relativePath(of: file) }
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
