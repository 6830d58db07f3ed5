/// How the cache compares a request's values for the fields a `Vary` names: two requests match when
/// their values are the same after RFC 9111 §4.1's normalisations, which change nothing a server could
/// tell apart.
///
/// - Lines of one field are combined, and whitespace around list commas and parameter semicolons goes
///   (RFC 9110 §5.3, §5.6.1, §5.6.6); in a field Courier does not know as a list, runs of spaces and tabs
///   are one space.
/// - Values defined as case-insensitive are lowercased: the codings of `Accept-Encoding` and `TE`, the
///   charsets of `Accept-Charset`, the language ranges of `Accept-Language`, and the media ranges and
///   parameter names of `Accept` (RFC 9110 §8.3.1, §8.4.1, §12.5).
/// - Where order does not count, members are sorted: `Accept`, `Accept-Charset`, `Accept-Encoding` and `TE`
///   choose by weight and precedence, never by position. `Accept-Language` keeps the order of members of
///   equal weight, which some servers read as a preference (RFC 9110 §12.5.4), and is only sorted by weight.
enum VaryValues {
    /// One string for the field `name` (lowercased) with the values `lines`, in the normalised form.
    static func normalized(_ lines: [String], field name: String) -> String {
        guard let rule = rules[name] else {
            return lines.map(collapsingWhitespace).joined(separator: ", ")
        }
        var members = lines.flatMap(listMembers).map { member in
            rule.lowercases ? lowercased(member, onlyBeforeValues: rule == .mediaRanges) : member
        }
        switch rule {
        case .unordered, .mediaRanges: members.sort()
        case .byWeight:
            // Heavier first; members of equal weight in the order they came.
            members = members.enumerated().map { (weight: $1.weight, offset: $0, member: $1) }
                .sorted { ($0.weight, -$0.offset) > ($1.weight, -$1.offset) }.map(\.member)
        case .ordered: break
        }
        return members.joined(separator: ",")
    }

    /// What Courier knows about a list field's members.
    private enum Rule {
        /// Order does not count; case does not either.
        case unordered
        /// `Accept`: order does not count; media ranges and parameter names are case-insensitive.
        case mediaRanges
        /// `Accept-Language`: case-insensitive; sorted by weight only.
        case byWeight
        /// A list whose members keep their order and case (`Cache-Control`, `Prefer`).
        case ordered

        var lowercases: Bool { self != .ordered }
    }

    private static let rules: [String: Rule] = [
        "accept": .mediaRanges, "accept-charset": .unordered, "accept-encoding": .unordered, "te": .unordered,
        "accept-language": .byWeight, "cache-control": .ordered, "prefer": .ordered, "pragma": .ordered,
    ]

    /// The members of one list line: split at commas outside quotes, without the whitespace around them or
    /// around `;`, empty members dropped (RFC 9110 §5.6.1 allows them).
    private static func listMembers(_ line: String) -> [String] {
        var members: [String] = []
        var member: [UInt8] = []
        var quoted = false
        var escaped = false
        func finish() {
            let trimmed = trim(member[...])
            if !trimmed.isEmpty { members.append(String(decoding: trimmed, as: UTF8.self)) }
            member.removeAll(keepingCapacity: true)
        }
        for byte in line.utf8 {
            if quoted {
                member.append(byte)
                if escaped { escaped = false } else if byte == UInt8(ascii: "\\") { escaped = true } else if byte == UInt8(ascii: "\"") { quoted = false }
                continue
            }
            switch byte {
            case UInt8(ascii: ","):
                finish()
            case UInt8(ascii: ";"):
                member = Array(trim(member[...]))
                member.append(byte)
            case UInt8(ascii: " "), UInt8(ascii: "\t"):
                // Kept for now; dropped at the member's ends and after `;` (below).
                if member.last != UInt8(ascii: ";") { member.append(byte) }
            default:
                if byte == UInt8(ascii: "\"") { quoted = true }
                member.append(byte)
            }
        }
        finish()
        return members
    }

    private static func trim(_ bytes: ArraySlice<UInt8>) -> ArraySlice<UInt8> {
        var bytes = bytes
        while let first = bytes.first, first == UInt8(ascii: " ") || first == UInt8(ascii: "\t") { bytes.removeFirst() }
        while let last = bytes.last, last == UInt8(ascii: " ") || last == UInt8(ascii: "\t") { bytes.removeLast() }
        return bytes
    }

    /// ASCII letters lowercased: all of them, or (for a media range) all but the parameter values.
    private static func lowercased(_ member: String, onlyBeforeValues: Bool) -> String {
        var inValue = false
        var quoted = false
        return String(decoding: member.utf8.map { byte -> UInt8 in
            if onlyBeforeValues {
                if byte == UInt8(ascii: "\"") { quoted.toggle() }
                if !quoted, byte == UInt8(ascii: "=") { inValue = true } else if !quoted, byte == UInt8(ascii: ";") { inValue = false }
                if inValue { return byte }
            }
            return byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z") ? byte + 32 : byte
        }, as: UTF8.self)
    }

    private static func collapsingWhitespace(_ value: String) -> String {
        value.split(whereSeparator: { $0 == " " || $0 == "\t" }).joined(separator: " ")
    }
}

extension String {
    /// A list member's `q` weight (RFC 9110 §12.4.2): 1 without one, 0 for one that is not a number.
    fileprivate var weight: Double {
        guard let parameter = split(separator: ";").dropFirst().first(where: { $0.lowercased().hasPrefix("q=") }) else { return 1 }
        return Double(parameter.dropFirst(2)) ?? 0
    }
}
