/// Hands out names unique within one scope, suffixing `2`, `3`… in the order they are claimed.
///
/// Comparison ignores backticks, so `` `default` `` and a later `default` collide as they would in Swift.
struct UniqueNames {
    private var taken: Set<String>

    init(reserved: [String] = []) {
        taken = Set(reserved.map(Identifier.unquoted))
    }

    /// `name`, or `name2`, `name3`… when taken; the result is taken from now on.
    mutating func claim(_ name: String) -> String {
        let bare = Identifier.unquoted(name)
        var candidate = bare
        var counter = 2
        while taken.contains(candidate) {
            candidate = "\(bare)\(counter)"
            counter += 1
        }
        taken.insert(candidate)
        return candidate == bare ? name : candidate
    }

    /// Whether `name` has been claimed (or reserved).
    func contains(_ name: String) -> Bool {
        taken.contains(Identifier.unquoted(name))
    }
}
