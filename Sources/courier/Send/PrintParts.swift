/// Which parts of an exchange `courier send` shows, in HTTPie's letters: `H` the request head, `B` the
/// request body, `h` the response head, `b` the response body.
struct PrintParts: Equatable {
    var requestHead = false
    var requestBody = false
    var responseHead = false
    var responseBody = false
    /// Whether the status line is added on a terminal when the body alone would not tell what happened
    /// (an empty body, an error status). Only by default: `--print` and `--body` say exactly what to show.
    var statusLineWhenUnclear = false

    /// `--print WHAT`: any of `HBhb`, each at most once.
    init(letters: String) throws {
        guard !letters.isEmpty else { throw SendFailure.usage("--print takes one or more of H, B, h and b.") }
        for letter in letters {
            switch letter {
            case "H": requestHead = true
            case "B": requestBody = true
            case "h": responseHead = true
            case "b": responseBody = true
            default:
                throw SendFailure.usage("--print takes the letters H (request head), B (request body), h (response head) and b (response body), not '\(letter)'.")
            }
        }
    }

    private init() {}

    /// The parts for the flags given: `--print` or `--body` exactly as said, else `--verbose` everything,
    /// else the response body (the request, with `--offline`).
    static func resolve(print letters: String?, bodyOnly: Bool, verbose: Bool, offline: Bool) throws -> PrintParts {
        if letters != nil, bodyOnly { throw SendFailure.usage("choose one of --print and --body.") }
        if let letters { return try PrintParts(letters: letters) }
        if bodyOnly { return try PrintParts(letters: offline ? "B" : "b") }
        if verbose || offline { return try PrintParts(letters: "HBhb") }
        var parts = PrintParts()
        parts.responseBody = true
        parts.statusLineWhenUnclear = true
        return parts
    }
}
