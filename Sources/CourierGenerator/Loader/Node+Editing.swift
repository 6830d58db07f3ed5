import Yams

/// Small, allocation-conscious helpers for reading and rewriting a Yams `Node` tree in place.
///
/// NOTE: keys are compared by their scalar text, never by `Node` equality: a key `200` is tagged `int` and would not
/// equal a freshly built `"200"` node.
extension Node {
    /// A cheap placeholder swapped in while a child is edited, so the child's storage is uniquely referenced and
    /// mutating it does not copy the whole subtree.
    /// NOTE: never mutated, and its tag is explicit so Yams never resolves (writes) it.
    nonisolated(unsafe) static let hole = Node.scalar(.init("", Tag(.null)))

    /// A string scalar that stays a string whatever its text: quoted, because Yams reads a *plain* `""` or `null`
    /// as null (so `description: ""` would vanish and `type: "null"` would read as no type).
    static func string(_ text: String) -> Node { .scalar(.init(text, Tag(.str), .doubleQuoted)) }

    /// A new mapping whose keys resolve like parsed ones (see ``YAMLReader/resolver``).
    static func newMapping(_ pairs: [(Node, Node)]) -> Node {
        .mapping(.init(pairs, Tag(.implicit, YAMLReader.resolver)))
    }

    /// A new sequence, tagged like parsed ones.
    static func newSequence(_ nodes: [Node]) -> Node {
        .sequence(.init(nodes, Tag(.implicit, YAMLReader.resolver)))
    }

    /// The text of a scalar node.
    var text: String? {
        if case .scalar(let scalar) = self { return scalar.string }
        return nil
    }

    /// The value for `key` in a mapping node.
    func value(forKey key: String) -> Node? {
        guard case .mapping(let mapping) = self else { return nil }
        return mapping.first { $0.key.text == key }?.value
    }

    /// Whether this is a mapping with `key`.
    func has(_ key: String) -> Bool { value(forKey: key) != nil }

    /// The scalar is a YAML boolean (`true`/`false` spellings only, see ``YAMLReader``).
    var isBool: Bool {
        if case .scalar(let scalar) = self { return Bool.construct(from: scalar) != nil }
        return false
    }

    /// Sets (or appends) `key` in a mapping node; does nothing to other nodes.
    mutating func setValue(_ value: Node, forKey key: String) {
        guard case .mapping(var mapping) = self else { return }
        self = Node.hole
        if let index = mapping.firstIndex(where: { $0.key.text == key }) {
            mapping[index] = (mapping[index].key, value)
        } else {
            var pairs = Array(mapping).map { ($0.key, $0.value) }
            pairs.append((Node.string(key), value))
            mapping = Node.Mapping(pairs, mapping.tag, mapping.style, mapping.mark)
        }
        self = .mapping(mapping)
    }

    /// Removes `key` from a mapping node, returning its value.
    @discardableResult
    mutating func removeValue(forKey key: String) -> Node? {
        guard case .mapping(let mapping) = self, let index = mapping.firstIndex(where: { $0.key.text == key }) else {
            return nil
        }
        let removed = mapping[index].value
        let pairs = mapping.indices.filter { $0 != index }.map { (mapping[$0].key, mapping[$0].value) }
        self = .mapping(Node.Mapping(pairs, mapping.tag, mapping.style, mapping.mark))
        return removed
    }

    /// Edits every value of a mapping (`key`) or element of a sequence (its index), in place.
    mutating func editChildren(_ edit: (_ key: String, _ child: inout Node) throws -> Void) rethrows {
        switch self {
        case .mapping(var mapping):
            self = Node.hole
            defer { self = .mapping(mapping) }
            for index in mapping.indices {
                let key = mapping[index].key
                var child = mapping[index].value
                mapping[index] = (key, Node.hole)
                try edit(key.text ?? "", &child)
                mapping[index] = (key, child)
            }
        case .sequence(var sequence):
            self = Node.hole
            defer { self = .sequence(sequence) }
            for index in sequence.indices {
                var child = sequence[index]
                sequence[index] = Node.hole
                try edit(String(index - sequence.startIndex), &child)
                sequence[index] = child
            }
        case .scalar, .alias:
            return
        }
    }

    /// Edits the value for `key` in a mapping in place; returns false when there is no such key.
    @discardableResult
    mutating func editValue(forKey key: String, _ edit: (inout Node) throws -> Void) rethrows -> Bool {
        guard case .mapping(var mapping) = self, let index = mapping.firstIndex(where: { $0.key.text == key }) else {
            return false
        }
        self = Node.hole
        defer { self = .mapping(mapping) }
        var child = mapping[index].value
        mapping[index] = (mapping[index].key, Node.hole)
        try edit(&child)
        mapping[index] = (mapping[index].key, child)
        return true
    }
}
