import Foundation

/// An `Accept` field value read the way RFC 9110 §12.5.1 says: media ranges with weights, the most specific
/// range that matches a type deciding its weight.
struct AcceptHeader {
    private struct MediaRange {
        var type: String
        var subtype: String
        var weight: Double
    }

    private let ranges: [MediaRange]

    /// Reads `value`; `nil` (no `Accept`) accepts everything. A range that does not parse is left out.
    init(_ value: String?) {
        guard let value else {
            ranges = [MediaRange(type: "*", subtype: "*", weight: 1)]
            return
        }
        ranges = value.split(separator: ",").compactMap { element in
            let pieces = element.split(separator: ";").map { $0.trimmingCharacters(in: .whitespaces).lowercased() }
            let names = (pieces.first ?? "").split(separator: "/", omittingEmptySubsequences: false)
            guard names.count == 2, !names[0].isEmpty, !names[1].isEmpty else { return nil }
            var weight = 1.0
            for parameter in pieces.dropFirst() where parameter.hasPrefix("q=") {
                guard let parsed = Double(parameter.dropFirst(2)), (0...1).contains(parsed) else { return nil }
                weight = parsed
            }
            return MediaRange(type: String(names[0]), subtype: String(names[1]), weight: weight)
        }
    }

    /// The weight `mediaType` (`type/subtype`) gets: that of the most specific matching range, 0 when none
    /// matches.
    func weight(of mediaType: String) -> Double {
        let names = mediaType.lowercased().split(separator: "/")
        guard names.count == 2 else { return 0 }
        var best: (specificity: Int, weight: Double)?
        for range in ranges {
            let specificity: Int
            if range.type == names[0] && range.subtype == names[1] {
                specificity = 2
            } else if range.type == names[0] && range.subtype == "*" {
                specificity = 1
            } else if range.type == "*" && range.subtype == "*" {
                specificity = 0
            } else {
                continue
            }
            if best == nil || specificity > best!.specificity { best = (specificity, range.weight) }
        }
        return best?.weight ?? 0
    }

    /// Of `offered` (the server's order of preference), the type with the highest weight above 0; the first
    /// offered wins a tie.
    func preferred(among offered: [String]) -> String? {
        var chosen: (type: String, weight: Double)?
        for type in offered {
            let weight = weight(of: type)
            if weight > 0, weight > (chosen?.weight ?? 0) { chosen = (type, weight) }
        }
        return chosen?.type
    }
}
