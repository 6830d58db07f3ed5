/// Swift-safe names from the document's names. (Skeleton: P3 fills in §5.4 of the plan.)
enum Identifier {
    /// UpperCamelCase type name, never a keyword or a reserved name.
    static func typeName(_ raw: String) -> String {
        let words = raw.split { !$0.isLetter && !$0.isNumber }.map { $0.prefix(1).uppercased() + $0.dropFirst() }
        let name = words.joined()
        return name.isEmpty ? "Empty" : (name.first!.isNumber ? "_" + name : name)
    }

    /// lowerCamelCase member name, in backticks when it is a keyword.
    static func memberName(_ raw: String) -> String {
        let type = typeName(raw)
        return type.prefix(1).lowercased() + type.dropFirst()
    }

    /// The module name for a document title (`Swagger Petstore - OpenAPI 3.0` → `SwaggerPetstoreOpenAPI30`).
    static func moduleName(fromTitle title: String) -> String {
        typeName(title)
    }
}

/// Hands out names unique within one scope, suffixing `2`, `3`… in the order they are claimed.
struct UniqueNames {
    private var taken: Set<String>

    init(reserved: [String] = []) {
        taken = Set(reserved)
    }

    mutating func claim(_ name: String) -> String {
        var candidate = name
        var counter = 2
        while taken.contains(candidate) {
            candidate = "\(name)\(counter)"
            counter += 1
        }
        taken.insert(candidate)
        return candidate
    }
}
