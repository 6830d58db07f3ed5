import Foundation

/// The JSON body that data items build, one item at a time: nested paths create objects and arrays, and
/// a name given twice collects its values in an array (`tag=a tag=b` → `{"tag":["a","b"]}`), as HTTPie 3
/// does.
struct JSONBodyTree {
    indirect enum Node {
        /// A string, number, boolean or null (as Foundation's JSON values).
        case scalar(Any)
        case object([String: Node])
        /// `nil` is a hole an index skipped over: `null`.
        case array([Node?])
    }

    private(set) var root: Node?

    /// Puts `value` at `path`; `item` is the item's text, for error messages.
    mutating func insert(_ value: Node, at path: JSONPath, item: String) throws {
        root = try Self.inserting(value, into: root, steps: path.steps[...], item: item)
    }

    /// The body's bytes, keys sorted so the same items always give the same bytes; `{}` when empty.
    func data() throws -> Data {
        try JSONSerialization.data(withJSONObject: Self.foundationValue(root ?? .object([:])), options: [.sortedKeys, .fragmentsAllowed])
    }

    /// A node for raw JSON text (`name:=json`): objects and arrays become nodes, so that later items can
    /// add to them.
    static func node(parsing json: String, item: String) throws -> Node {
        guard let parsed = try? JSONSerialization.jsonObject(with: Data(json.utf8), options: [.fragmentsAllowed]) else {
            throw SendFailure.usage("'\(item)' is not JSON after ':='.")
        }
        return node(from: parsed)
    }

    private static func node(from value: Any) -> Node {
        switch value {
        case let object as [String: Any]: .object(object.mapValues(node(from:)))
        case let array as [Any]: .array(array.map(node(from:)))
        case let string as String: .scalar(string)
        case let number as NSNumber: .scalar(number)
        default: .scalar(NSNull())
        }
    }

    private static func inserting(_ value: Node, into existing: Node?, steps: ArraySlice<JSONPath.Step>, item: String) throws -> Node {
        guard let step = steps.first else {
            // The end of the path: a name given again becomes (or extends) an array of its values.
            switch existing {
            case nil: return value
            case .array(let elements): return .array(elements + [value])
            case .scalar?: return .array([existing, value])
            case .object?: throw conflict(item, "it names an object that other items fill")
            }
        }
        let rest = steps.dropFirst()
        switch step {
        case .key(let key):
            var object: [String: Node]
            switch existing {
            case nil: object = [:]
            case .object(let fields): object = fields
            default: throw conflict(item, "'\(key)' is a key, but this place holds \(describe(existing))")
            }
            object[key] = try inserting(value, into: object[key], steps: rest, item: item)
            return .object(object)
        case .append, .index:
            var elements: [Node?]
            switch existing {
            case nil: elements = []
            case .array(let array): elements = array
            default: throw conflict(item, "it indexes an array, but this place holds \(describe(existing))")
            }
            guard case .index(let index) = step else {
                elements.append(try inserting(value, into: nil, steps: rest, item: item))
                return .array(elements)
            }
            if index >= elements.count { elements += Array(repeating: nil, count: index - elements.count + 1) }
            if rest.isEmpty, elements[index] != nil { throw conflict(item, "the index \(index) is already set") }
            elements[index] = try inserting(value, into: elements[index], steps: rest, item: item)
            return .array(elements)
        }
    }

    private static func describe(_ node: Node?) -> String {
        switch node {
        case .object?: "an object"
        case .array?: "an array"
        case .scalar?, nil: "a value"
        }
    }

    private static func conflict(_ item: String, _ reason: String) -> SendFailure {
        .usage("'\(item)' does not fit the JSON body the items before it built: \(reason).")
    }

    private static func foundationValue(_ node: Node?) -> Any {
        switch node {
        case nil: NSNull()
        case .scalar(let value): value
        case .object(let fields): fields.mapValues { foundationValue($0) }
        case .array(let elements): elements.map { foundationValue($0) }
        }
    }
}
