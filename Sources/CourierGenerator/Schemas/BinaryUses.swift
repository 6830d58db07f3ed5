/// Decides what `format: binary` becomes in each model: `Courier.MultipartFile` in a type only multipart bodies
/// use, `Foundation.Data` elsewhere. A type used both ways stays `Data` (warning `binary-shared`): one Swift type
/// must serve every media type that names the schema.
struct BinaryUses {
    let roots: [(type: TypeRef, use: SchemaUse)]
    let diagnostics: DiagnosticCollector

    func apply(to types: inout [String: TypeDecl]) {
        var uses: [String: Set<SchemaUse>] = [:]
        for root in roots {
            var stack = root.type.namedTypes
            var seen: Set<String> = []
            while let name = stack.popLast() {
                guard seen.insert(name).inserted, let decl = types[name] else { continue }
                uses[name, default: []].insert(root.use)
                stack.append(contentsOf: TypeGraph.references(of: decl))
            }
        }
        for name in uses.keys.sorted() {
            guard let decl = types[name], TypeGraph.typeRefs(of: decl).contains(where: \.containsBinaryData) else {
                continue
            }
            if uses[name] == [.multipart] {
                types[name] = decl.replacingBinary()
            } else if uses[name]!.contains(.multipart) {
                diagnostics.warning(
                    "binary-shared", at: "components.schemas.\(name)",
                    "\(name) has binary properties and is used by multipart and other bodies; they stay Data")
            }
        }
    }
}

/// Marks the models that hold a `Courier.MultipartFile` (directly or through other models) encode-only.
enum EncodeOnlyMarker {
    static func apply(to types: inout [String: TypeDecl]) {
        var holders = Set(types.filter { TypeGraph.typeRefs(of: $0.value).contains(where: \.containsFile) }.keys)
        var changed = true
        while changed {
            changed = false
            for (name, decl) in types where !holders.contains(name) {
                if TypeGraph.references(of: decl).contains(where: holders.contains) {
                    holders.insert(name)
                    changed = true
                }
            }
        }
        for name in holders {
            switch types[name] {
            case .object(var object):
                object.isEncodeOnly = true
                types[name] = .object(object)
            case .union(var union):
                union.isEncodeOnly = true
                types[name] = .union(union)
            default: break
            }
        }
    }
}

extension TypeRef {
    fileprivate var containsBinaryData: Bool { replacingBinary() != self }
}

extension TypeDecl {
    fileprivate func replacingBinary() -> TypeDecl {
        switch self {
        case .object(var object):
            for index in object.properties.indices {
                object.properties[index].type = object.properties[index].type.replacingBinary()
            }
            object.additionalProperties = object.additionalProperties?.replacingBinary()
            return .object(object)
        case .union(var union):
            for index in union.cases.indices { union.cases[index].type = union.cases[index].type.replacingBinary() }
            return .union(union)
        case .alias(var alias):
            alias.target = alias.target.replacingBinary()
            return .alias(alias)
        case .enumeration:
            return self
        }
    }
}
