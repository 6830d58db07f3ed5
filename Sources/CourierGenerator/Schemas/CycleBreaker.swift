/// Makes recursive schemas representable: a struct cannot contain itself by value, so in every cycle of by-value
/// containment the unions become `indirect enum`s and the struct properties that stay in the cycle are boxed
/// (`Courier.Indirect`). Arrays and dictionaries already store their elements out of line.
enum CycleBreaker {
    static func apply(to types: inout [String: TypeDecl]) {
        for cycle in TypeGraph.cycles(in: types, edges: TypeGraph.byValueReferences(of:)) {
            for name in cycle {
                guard case .union(var union) = types[name] else { continue }
                union.isIndirect = true
                types[name] = .union(union)
            }
        }
        // Edges out of an indirect enum no longer count; what still cycles goes through struct properties.
        let remaining = TypeGraph.cycles(in: types) { decl in
            if case .union(let union) = decl, union.isIndirect { return [] }
            return TypeGraph.byValueReferences(of: decl)
        }
        for cycle in remaining {
            let members = Set(cycle)
            for name in cycle {
                guard case .object(var object) = types[name] else { continue }
                for index in object.properties.indices {
                    if let target = object.properties[index].type.byValueName, members.contains(target) {
                        object.properties[index].boxed = true
                    }
                }
                types[name] = .object(object)
            }
        }
    }
}
