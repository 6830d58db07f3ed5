/// The Public Suffix List (https://publicsuffix.org): the domains under which anyone may register a
/// name (`com`, `co.uk`, `github.io`), so that a cookie for one of them would reach every site below it.
///
/// The rules are generated into `PublicSuffixRules.swift` by `scripts/update-public-suffixes.sh`, ICANN
/// and private sections both, internationalised rules as punycode; ``version`` says which list.
enum PublicSuffixList {
    /// The list's three kinds of rule, each a set so that a lookup costs a few hash probes.
    struct Rules: Sendable {
        /// `co.uk`: this domain is a public suffix.
        var exact: Set<String> = []
        /// `*.ck` stored as `ck`: every domain one label below this one is a public suffix…
        var wildcardParents: Set<String> = []
        /// …except these (`!www.ck` stored as `www.ck`).
        var exceptions: Set<String> = []

        init(packed: String) {
            for rule in packed.split(whereSeparator: { $0 == " " || $0 == "\n" }) {
                if rule.hasPrefix("!") {
                    exceptions.insert(String(rule.dropFirst()))
                } else if rule.hasPrefix("*.") {
                    wildcardParents.insert(String(rule.dropFirst(2)))
                } else {
                    exact.insert(String(rule))
                }
            }
        }
    }

    /// Parsed on first use (a few milliseconds), then shared.
    static let rules = Rules(packed: packedRules)

    /// Whether `domain` (lower-case, ASCII, no leading dot) is itself a public suffix; a trailing dot
    /// (`com.`, the absolute form of a name) changes nothing.
    ///
    /// By the list's algorithm the public suffix of a domain comes from its longest matching rule, and
    /// an exception rule wins over the rest; so `domain` is one exactly when a rule of its own length
    /// names it (itself, or a wildcard over its parent) and no exception does. A single label that no
    /// rule names is one too: the list's implicit rule `*` makes every top-level domain a suffix.
    static func isPublicSuffix(_ domain: String) -> Bool {
        let rules = Self.rules
        let domain = domain.hasSuffix(".") ? String(domain.dropLast()) : domain
        if rules.exceptions.contains(domain) { return false }
        if rules.exact.contains(domain) { return true }
        guard let dot = domain.firstIndex(of: ".") else { return true }
        return rules.wildcardParents.contains(String(domain[domain.index(after: dot)...]))
    }
}
