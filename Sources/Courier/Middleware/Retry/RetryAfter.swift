import Foundation

/// Reads a `Retry-After` value (RFC 9110 §10.2.3): delta-seconds, or an HTTP date in any of the three
/// formats a recipient must accept.
enum RetryAfter {
    /// The wait the value asks for: zero for a date in the past, `nil` for an empty, negative or
    /// unreadable value (the caller falls back to its own backoff).
    static func delay(_ value: String, now: Date) -> Duration? {
        let value = value.trimmingCharacters(in: .whitespaces)
        guard !value.isEmpty else { return nil }
        if value.utf8.allSatisfy({ $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") }) {
            // More digits than fit in an Int is still a valid (huge) value: the caller's cap handles it.
            return .seconds(Int(value) ?? Int.max)
        }
        guard let date = HTTPDate.parse(value) else { return nil }
        let seconds = date.timeIntervalSince(now)
        return seconds <= 0 ? .zero : .milliseconds(Int64(min(seconds, 1e12) * 1000))
    }
}
