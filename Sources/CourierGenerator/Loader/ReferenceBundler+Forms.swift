import Foundation
import Yams

/// The multi-file forms Redocly tooling writes (`redocly split`, and DigitalOcean's published layout), beyond a plain
/// `$ref` to a schema in another file.
extension ReferenceBundler {
    /// Files read as text, not parsed: a `$ref` to one stands for its whole text.
    static let textExtensions: Set<String> = ["md", "markdown", "txt", "html", "htm"]

    /// The text a `$ref` stands for when it names a Markdown (or other text) file, or a string in a YAML file
    /// (`description: {$ref: description.md}`, `summary: {$ref: texts.yml#/list}`); nil for any other target.
    ///
    /// NOTE: no OpenAPI object is a scalar, so a scalar target can only be the value of a string field.
    func inlinedValue(file: URL, pointer: JSONPointer, path: [String], ref: String) throws(Failure) -> Node? {
        if Self.textExtensions.contains(file.pathExtension.lowercased()) {
            guard pointer.segments.isEmpty else {
                throw Failure(
                    code: "unresolved-ref", path: path.dotted,
                    message: "$ref \(ref) points inside a text file; only a whole Markdown or text file can be referenced")
            }
            return .string(try contents(of: file, path: path, ref: ref))
        }
        let target = try resolved(file: file, pointer: pointer, path: path, ref: ref)
        if case .scalar = target { return target }
        return nil
    }

    /// A named map that is a reference (`properties: {$ref: attributes.yml#/droplet}`, `schemas: {$ref: _index.yaml}`)
    /// becomes the referenced map, its refs resolved against its own file; entries written beside the `$ref` win.
    func inlineNamedMap(_ ref: String, at node: inout Node, path: [String], base: URL, isRoot: Bool) throws(Failure) {
        let (file, pointer) = try target(of: ref, path: path, base: base)
        let key = "\(file.path)#\(pointer.fragment)"
        guard beginInlining(key) else {
            throw Failure(code: "ref-cycle", path: path.dotted, message: "the map $ref \(ref) refers back to itself")
        }
        defer { endInlining(key) }
        var referenced = try resolved(file: file, pointer: pointer, path: path, ref: ref)
        guard case .mapping = referenced else {
            throw Failure(
                code: "unresolved-ref", path: path.dotted,
                message: "$ref \(ref) must name a map of \(path.last ?? "entries"), but names a list or a value")
        }
        setOrigin(path, file)
        try rewriteExternalReferences(in: &referenced, path: path, base: file, isRoot: file == rootURL, isNamedMap: true)
        var siblings = node
        siblings.removeValue(forKey: "$ref")
        try rewriteExternalReferences(in: &siblings, path: path, base: base, isRoot: isRoot, isNamedMap: true)
        if case .mapping(let local) = siblings {
            for pair in local {
                referenced.setValue(pair.value, forKey: pair.key.text ?? "")
            }
        }
        node = referenced
    }

    // MARK: - Component homes

    /// Finds root components that are only a `$ref` to another file (`components.schemas.Pet: {$ref: Pet.yaml}`,
    /// Redocly's split layout): that file's content will live at that component, under the author's name, and every
    /// other `$ref` to the file (or into it) points there, as if the document had never been split.
    func registerHomes(in root: Node) throws(Failure) {
        guard case .mapping(let components)? = root.value(forKey: "components") else { return }
        for pair in components {
            guard let kind = pair.key.text, Self.componentKinds.contains(kind), case .mapping(let entries) = pair.value
            else { continue }
            for entry in entries {
                guard let name = entry.key.text, case .mapping(let body) = entry.value, body.count == 1,
                      let ref = entry.value.value(forKey: "$ref")?.text, !ref.hasPrefix("#")
                else { continue }
                let path = ["components", kind, name]
                let (file, pointer) = try target(of: ref, path: path, base: rootURL)
                let key = "\(file.path)#\(pointer.fragment)"
                if file != rootURL && homes[key] == nil { homes[key] = JSONPointer(segments: path) }
            }
        }
    }

    /// Where a file's content lives when a root component is its home: that component's pointer, with the rest of
    /// `pointer` appended when the `$ref` points inside it (`Pet.yaml#/properties/tag`).
    func home(of file: URL, _ pointer: JSONPointer) -> JSONPointer? {
        guard !homes.isEmpty else { return nil }
        for count in stride(from: pointer.segments.count, through: 0, by: -1) {
            let prefix = JSONPointer(segments: Array(pointer.segments.prefix(count)))
            if let home = homes["\(file.path)#\(prefix.fragment)"] {
                return JSONPointer(segments: home.segments + pointer.segments.dropFirst(count))
            }
        }
        return nil
    }

    // MARK: - Files

    /// The largest file a `$ref` may name: far above any real document part (Stripe's whole document is 6 MiB).
    static var largestReferencedFile: Int { 64 << 20 }

    /// A referenced file's text; a missing file is a `missing-file` error naming it and the `$ref`; a directory,
    /// device or FIFO, or a file over ``largestReferencedFile`` bytes, is `unreadable`.
    func contents(of url: URL, path: [String], ref: String) throws(Failure) -> String {
        guard FileManager.default.fileExists(atPath: url.path) else {
            throw Failure(
                code: "missing-file", path: path.dotted,
                message: "$ref \(ref) names \(relativePath(of: url)), which does not exist")
        }
        // NOTE: only a regular file of sane size is read: a `$ref` naming `/dev/zero`, a FIFO or a directory would
        // otherwise hang the loader or exhaust memory.
        let attributes = try? FileManager.default.attributesOfItem(atPath: url.path)
        guard attributes?[.type] as? FileAttributeType == .typeRegular else {
            throw Failure(
                code: "unreadable", path: path.dotted,
                message: "$ref \(ref) names \(relativePath(of: url)), which is not a regular file")
        }
        if let size = (attributes?[.size] as? NSNumber)?.intValue, size > Self.largestReferencedFile {
            throw Failure(
                code: "unreadable", path: path.dotted,
                message: "$ref \(ref) names \(relativePath(of: url)), which is \(size) bytes, over the \(Self.largestReferencedFile >> 20) MiB a referenced file may have")
        }
        do {
            return try String(contentsOf: url, encoding: .utf8)
        } catch {
            throw Failure(code: "unreadable", path: path.dotted, message: "cannot read \(url.path) for $ref \(ref)")
        }
    }

    /// A `$ref` above the root document's directory is followed (monorepos share components that way, and the
    /// generator reads only files its user pointed it at), but it is reported once per file: the document is no
    /// longer self-contained, and what it reads there is compiled into the client.
    func noteIfOutsideRoot(_ file: URL, path: [String], ref: String) {
        guard !file.path.hasPrefix(rootDirectory), filesOutsideRoot.insert(file).inserted else { return }
        outsideRootWarnings.append((
            path.dotted,
            "$ref \(ref) reads \(file.path), outside the root document's directory; it is bundled, but the document is"
                + " not self-contained"))
    }
}

extension ReferenceBundler {
    /// Components that are only `$ref`s to each other (`A: {$ref: b.yaml}`, b.yaml: `{$ref: a.yaml}`) name no
    /// type at all, and following them would never end: an error naming the chain.
    func checkReferenceOnlyCycles(in root: Node) throws(Failure) {
        guard case .mapping(let components)? = root.value(forKey: "components") else { return }
        for pair in components {
            guard let kind = pair.key.text, case .mapping(let entries) = pair.value else { continue }
            for entry in entries {
                guard let name = entry.key.text else { continue }
                var chain = [name]
                var current = entry.value
                while let ref = current.value(forKey: "$ref")?.text, ref.hasPrefix("#") {
                    let pointer = JSONPointer(fragment: ref.dropFirst())
                    guard pointer.componentKind == kind, let next = pointer.segments.last else { break }
                    chain.append(next)
                    if next == name {
                        throw Failure(
                            code: "ref-cycle", path: ["components", kind, name].dotted,
                            message: "components.\(kind).\(name) is only a $ref, and following the $refs from it comes"
                                + " back to it: \(chain.joined(separator: " → "))")
                    }
                    // A loop that does not pass through `name` is reported from one of its own members.
                    guard !chain.dropLast().contains(next), let target = pair.value.value(forKey: next) else { break }
                    current = target
                }
            }
        }
    }
}
