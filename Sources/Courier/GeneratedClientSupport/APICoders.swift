import Foundation

/// The JSON encoder and decoder of one API: what a generated client hands to each ``Endpoint`` it
/// builds, so its dates and keys are coded the API's way whatever the ``Client`` is configured with.
///
/// ``iso8601`` is what OpenAPI's `format: date-time` (RFC 3339) needs: dates are written in UTC with
/// fractional seconds only when there are some (`2026-11-23T12:00:00Z`, `…00.250Z`), read with or
/// without fractional seconds and with any offset (`+02:00`); a date without an offset, as Python's
/// naive datetimes are sent, is read as UTC. Keys are sorted, so the same value gives the same bytes; `/` is
/// written as is (not `\/`), and every `UUID` in lower case, RFC 9562's canonical form.
///
/// ```swift
/// public enum PetShopCoders {
///     public static let shared: APICoders = .iso8601
/// }
/// ```
///
/// The coders are shared by concurrent requests: do not change them after handing them over.
public struct APICoders: Sendable {
    /// Encodes JSON request bodies.
    public let encoder: JSONEncoder
    /// Decodes JSON response bodies.
    public let decoder: JSONDecoder

    /// Coders of your own.
    public init(encoder: JSONEncoder, decoder: JSONDecoder) {
        self.encoder = encoder
        self.decoder = decoder
    }

    /// RFC 3339 dates, sorted keys, unescaped slashes and lower-case UUIDs (see the type's discussion).
    public static let iso8601 = APICoders(encoder: iso8601Encoder(), decoder: iso8601Decoder())

    /// A new encoder configured as ``iso8601``'s, to adjust before use.
    public static func iso8601Encoder() -> JSONEncoder {
        let encoder = LowercaseUUIDJSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        encoder.dateEncodingStrategy = .custom { date, encoder in
            var container = encoder.singleValueContainer()
            try container.encode(FormEncoding.DateStyle.iso8601.text(for: date))
        }
        return encoder
    }

    /// A new decoder configured as ``iso8601``'s, to adjust before use.
    public static func iso8601Decoder() -> JSONDecoder {
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .custom { decoder in
            let container = try decoder.singleValueContainer()
            let text = try container.decode(String.self)
            guard let date = parseDate(text) else {
                throw DecodingError.dataCorruptedError(in: container, debugDescription: "'\(text)' is not an RFC 3339 date-time.")
            }
            return date
        }
        return decoder
    }

    /// RFC 3339 text as a date: `T` or a space, upper or lower case, fractional seconds or none, `Z` or
    /// an offset or (read as UTC) none.
    static func parseDate(_ text: String) -> Date? {
        var normalized = text.uppercased()
        let dateEnd = normalized.index(normalized.startIndex, offsetBy: 10, limitedBy: normalized.endIndex)
        if let dateEnd, dateEnd < normalized.endIndex, normalized[dateEnd] == " " {
            normalized.replaceSubrange(dateEnd...dateEnd, with: "T")
        }
        if let date = try? dateStyle.parse(normalized) {
            return date
        }
        let time = normalized.split(separator: "T", maxSplits: 1).dropFirst().first ?? ""
        guard !time.isEmpty, !time.contains(where: { $0 == "Z" || $0 == "+" || $0 == "-" }) else { return nil }
        return try? dateStyle.parse(normalized + "Z")
    }

    /// Reads dates with and without fractional seconds.
    private static let dateStyle = Date.ISO8601FormatStyle(includingFractionalSeconds: true)
}
