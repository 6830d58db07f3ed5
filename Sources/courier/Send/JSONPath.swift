/// Where a data item puts its value in the JSON body, HTTPie's nested syntax: `user[name]` (a key),
/// `tags[]` (append to an array), `points[0]` (an index), `[]` (the body itself is an array). A
/// backslash makes the next character plain: `a\[b\]` is the key `a[b]`.
struct JSONPath: Equatable {
    enum Step: Equatable {
        case key(String)
        case append
        case index(Int)
    }

    var steps: [Step]

    init(steps: [Step]) {
        self.steps = steps
    }

    init(parsing name: String) throws {
        var steps: [Step] = []
        var first = ""
        var characters = name.makeIterator()
        var escaped = false
        // The leading name, up to the first unescaped `[`.
        var sawBracket = false
        while let character = characters.next() {
            if escaped {
                first.append(character)
                escaped = false
            } else if character == "\\" {
                escaped = true
            } else if character == "[" {
                sawBracket = true
                break
            } else {
                first.append(character)
            }
        }
        if escaped { first.append("\\") }
        if !first.isEmpty || !sawBracket { steps.append(.key(first)) }
        // Then `[…]` groups, one after another.
        while sawBracket {
            var inside = ""
            var closed = false
            escaped = false
            while let character = characters.next() {
                if escaped {
                    inside.append(character)
                    escaped = false
                } else if character == "\\" {
                    escaped = true
                } else if character == "]" {
                    closed = true
                    break
                } else {
                    inside.append(character)
                }
            }
            guard closed else { throw Self.invalid(name, "a '[' is not closed") }
            if inside.isEmpty {
                steps.append(.append)
            } else if let index = Int(inside), index >= 0, inside.allSatisfy(\.isASCII) {
                guard index <= Self.largestIndex else { throw Self.invalid(name, "the index \(index) is larger than \(Self.largestIndex)") }
                steps.append(.index(index))
            } else {
                steps.append(.key(inside))
            }
            guard let next = characters.next() else { break }
            guard next == "[" else { throw Self.invalid(name, "'\(next)' follows a ']'; escape brackets with '\\' to use them in a key") }
        }
        self.steps = steps
    }

    /// An index leaves holes filled with `null` before it; a large one would be a mistake, not an array.
    static let largestIndex = 10_000

    private static func invalid(_ name: String, _ reason: String) -> SendFailure {
        .usage("'\(name)' is not a nested name: \(reason). Write user[name], tags[], points[0] or [].")
    }
}
