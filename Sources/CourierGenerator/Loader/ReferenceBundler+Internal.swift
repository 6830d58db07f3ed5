import Foundation
import Yams

extension ReferenceBundler {
    /// Rewrites root-internal references OpenAPIKit cannot decode: pointers below a component, pointers outside
    /// `#/components`, and references of the wrong kind. `snapshot` is the tree the pointers resolve in.
    func rewriteInternalReferences(in node: inout Node, path: [String], snapshot: Node) throws(Failure) {
        do {
            try DocumentWalk.walk(&node, path: path) { node, path, isNamedMap in
                guard !isNamedMap, let ref = node.value(forKey: "$ref")?.text else { return true }
                guard ref.hasPrefix("#") else { return false }
                let pointer = JSONPointer(fragment: ref.dropFirst())
                let kind = DocumentWalk.referenceKind(at: path)
                if let targetKind = pointer.componentKind {
                    let convertible: Set<String> = ["responses", "requestBodies"]
                    if targetKind != kind && convertible.contains(kind) && convertible.contains(targetKind) {
                        let copy = try self.convertedCopy(of: pointer, to: kind, path: path, snapshot: snapshot)
                        self.report("ref-kind", at: path, "a \(kind.dropLast()) $ref points to \(ref); copied it to \(copy)")
                        node.setValue(.string(copy), forKey: "$ref")
                    }
                    return false
                }
                if kind == "pathItems" {
                    node = try self.inlinedInternal(pointer, path: path, snapshot: snapshot)
                    return false
                }
                node.setValue(.string(try self.hoistInternal(pointer, kind: kind, path: path, snapshot: snapshot)), forKey: "$ref")
                return false
            }
        } catch let failure as Failure {
            throw failure
        } catch {
            throw Failure(code: "unreadable", path: path.dotted, message: "\(error)")
        }
    }

    private func report(_ code: String, at path: [String], _ message: String) {
        diagnosticsSink.warning(code, at: path.dotted, message)
    }

    private func resolve(_ pointer: JSONPointer, path: [String], snapshot: Node) throws(Failure) -> Node {
        guard let node = pointer.resolve(in: snapshot) else {
            throw Failure(
                code: "unresolved-ref", path: path.dotted, message: "$ref #\(pointer.fragment) names nothing in the document")
        }
        return node
    }

    /// `#/components/schemas/X/allOf/1/properties/y` → a copy in `#/components/schemas/XY`.
    private func hoistInternal(_ pointer: JSONPointer, kind: String, path: [String], snapshot: Node) throws(Failure) -> String {
        let key = "#\(pointer.fragment)#\(kind)"
        if let existing = memoised(key) { return existing }
        let segments = pointer.segments
        let owner = segments.count > 3 && segments[0] == "components" ? segments[2] : ""
        let last = segments.last ?? "Root"
        let name = reserveName(kind: kind, preferred: owner + last.prefix(1).uppercased() + last.dropFirst())
        let component = JSONPointer.component(kind, name)
        memoise(key, component)
        var node = try resolve(pointer, path: path, snapshot: snapshot)
        let componentPath = ["components", kind, name]
        try rewriteInternalReferences(in: &node, path: componentPath, snapshot: snapshot)
        add(kind: kind, name: name, node: node)
        diagnosticsSink.note("deep-ref", at: path.dotted, "$ref #\(pointer.fragment) points inside a component; hoisted a copy as \(component)")
        return component
    }

    /// A response where a request body is referenced (or the reverse): a copy of the right kind.
    private func convertedCopy(of pointer: JSONPointer, to kind: String, path: [String], snapshot: Node) throws(Failure) -> String {
        let key = "#\(pointer.fragment)#\(kind)"
        if let existing = memoised(key) { return existing }
        let name = reserveName(kind: kind, preferred: pointer.segments[2])
        let component = JSONPointer.component(kind, name)
        memoise(key, component)
        var node = try resolve(pointer, path: path, snapshot: snapshot)
        if kind == "responses" && !node.has("description") && !node.has("$ref") {
            node.setValue(.string(""), forKey: "description")
        }
        if kind == "requestBodies" {
            node.removeValue(forKey: "headers")
            node.removeValue(forKey: "links")
        }
        add(kind: kind, name: name, node: node)
        return component
    }

    private func inlinedInternal(_ pointer: JSONPointer, path: [String], snapshot: Node) throws(Failure) -> Node {
        guard beginInlining(pointer.fragment) else {
            throw Failure(code: "ref-cycle", path: path.dotted, message: "path item $ref #\(pointer.fragment) refers back to itself")
        }
        defer { endInlining(pointer.fragment) }
        var node = try resolve(pointer, path: path, snapshot: snapshot)
        try rewriteInternalReferences(in: &node, path: path, snapshot: snapshot)
        return node
    }
}
