/// The references between declared types: every reference (for reachability) and the by-value ones (for cycles;
/// arrays and dictionaries store their elements out of line, so they never make a struct infinitely large).
struct TypeGraph {
    let types: [String: TypeDecl]

    init(_ types: [String: TypeDecl]) {
        self.types = types
    }

    /// Named types `decl` mentions anywhere, in declaration order.
    static func references(of decl: TypeDecl) -> [String] {
        typeRefs(of: decl).flatMap(\.namedTypes)
    }

    /// Named types `decl` stores by value (a struct property or `Optional` of one, a union payload, an alias target).
    static func byValueReferences(of decl: TypeDecl) -> [String] {
        typeRefs(of: decl).compactMap(\.byValueName)
    }

    static func typeRefs(of decl: TypeDecl) -> [TypeRef] {
        switch decl {
        case .object(let object): object.properties.map(\.type) + (object.additionalProperties.map { [.dictionary($0)] } ?? [])
        case .union(let union): union.cases.map(\.type)
        case .alias(let alias): [alias.target]
        case .enumeration: []
        }
    }

    /// Every type reachable from `roots`.
    func reachable(from roots: [TypeRef]) -> Set<String> {
        var seen: Set<String> = []
        var stack = roots.flatMap(\.namedTypes)
        while let name = stack.popLast() {
            guard seen.insert(name).inserted, let decl = types[name] else { continue }
            stack.append(contentsOf: Self.references(of: decl))
        }
        return seen
    }

    /// Strongly connected components of the by-value graph (Tarjan's algorithm, iterative so deep documents do not
    /// exhaust a test thread's stack). Only components that really cycle are returned: several types, or one type
    /// that contains itself. `edges` gives a type's by-value successors.
    static func cycles(in types: [String: TypeDecl], edges: (TypeDecl) -> [String]) -> [[String]] {
        var index: [String: Int] = [:]
        var lowLink: [String: Int] = [:]
        var onStack: Set<String> = []
        var stack: [String] = []
        var result: [[String]] = []
        var counter = 0
        for start in types.keys.sorted() where index[start] == nil {
            var work: [(node: String, successors: [String], next: Int)] = []
            func push(_ node: String) {
                index[node] = counter
                lowLink[node] = counter
                counter += 1
                stack.append(node)
                onStack.insert(node)
                work.append((node, types[node].map(edges)?.filter { types[$0] != nil } ?? [], 0))
            }
            push(start)
            while !work.isEmpty {
                let top = work.count - 1
                let (node, successors, next) = work[top]
                if next < successors.count {
                    work[top].next += 1
                    let successor = successors[next]
                    if index[successor] == nil {
                        push(successor)
                    } else if onStack.contains(successor) {
                        lowLink[node] = min(lowLink[node]!, index[successor]!)
                    }
                    continue
                }
                work.removeLast()
                if let parent = work.last {
                    lowLink[parent.node] = min(lowLink[parent.node]!, lowLink[node]!)
                }
                if lowLink[node] == index[node] {
                    var component: [String] = []
                    while let member = stack.popLast() {
                        onStack.remove(member)
                        component.append(member)
                        if member == node { break }
                    }
                    let selfLoop = component.count == 1 && successors.contains(node)
                    if component.count > 1 || selfLoop { result.append(component.sorted()) }
                }
            }
        }
        return result
    }
}

extension TypeRef {
    /// Every generated type named in this reference.
    var namedTypes: [String] {
        switch self {
        case .named(let name): [name]
        case .primitive: []
        case .array(let inner), .dictionary(let inner), .optional(let inner): inner.namedTypes
        }
    }

    /// The generated type stored by value (`X` or `X?`), if any.
    var byValueName: String? {
        switch self {
        case .named(let name): name
        case .optional(let wrapped): wrapped.byValueName
        case .primitive, .array, .dictionary: nil
        }
    }

    /// Whether a `Courier.MultipartFile` appears in this reference itself.
    var containsFile: Bool {
        switch self {
        case .primitive(let primitive): primitive == .file
        case .named: false
        case .array(let inner), .dictionary(let inner), .optional(let inner): inner.containsFile
        }
    }
}
