/// The words generated names must step around.
enum SwiftKeywords {
    /// Every Swift keyword, including the contextual ones that are risky as plain names (`any`, `some`, `async`,
    /// `await`, `package`, `borrowing`, `consuming`). Members that are one of these are written in backticks.
    static let all: Set<String> = [
        "associatedtype", "borrowing", "class", "consuming", "deinit", "enum", "extension", "fileprivate", "func",
        "import", "init", "inout", "internal", "let", "open", "operator", "package", "private",
        "precedencegroup", "protocol", "public", "rethrows", "static", "struct", "subscript", "typealias", "var",
        "break", "case", "catch", "continue", "default", "defer", "do", "else", "fallthrough", "for", "guard", "if",
        "in", "repeat", "return", "throw", "switch", "where", "while", "Any", "as", "await", "false", "is", "nil",
        "self", "Self", "super", "throws", "true", "try", "_", "any", "some", "async", "Type", "Protocol",
    ]

    /// Members for which backticks are not enough (`x.self`, `.init`, `T.Type` mean something else): `_` suffix.
    static let needsSuffix: Set<String> = ["self", "Self", "init", "deinit", "subscript", "Type", "Protocol", "_"]

    /// Type names generated code relies on (module names, and the nested helper types the emitters declare
    /// inside models, which would shadow a generated type of the same name).
    static let reservedTypeNames: Set<String> = [
        "Swift", "Foundation", "Courier", "CourierTesting", "API", "Any", "Self", "Type", "Protocol",
        "CodingKeys", "DynamicKey", "DiscriminatorKey",
    ]

    /// Names for symbol-only names (enum values such as `*`, `<`, `>=`).
    static let symbolNames: [Unicode.Scalar: String] = [
        "*": "star", "<": "lt", ">": "gt", "=": "eq", "!": "not", "+": "plus", "-": "minus", "/": "slash",
        "\\": "backslash", "%": "percent", "&": "and", "|": "or", "^": "caret", "~": "tilde", "@": "at", "#": "hash",
        "$": "dollar", ".": "dot", ",": "comma", ":": "colon", ";": "semicolon", "?": "question", "(": "lparen",
        ")": "rparen", "[": "lbracket", "]": "rbracket", "{": "lbrace", "}": "rbrace", "_": "underscore",
        " ": "space", "\"": "quote", "`": "backtick",
    ]
}
