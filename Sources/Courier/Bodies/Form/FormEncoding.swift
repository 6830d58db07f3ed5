import Foundation

/// The choices a form encoder makes that the format itself leaves open, shared by ``FormURLEncoder``
/// and ``MultipartFormEncoder``: servers disagree on them, so each is a documented setting.
public enum FormEncoding {
    /// How the elements of an array are named.
    public enum ArrayStyle: Sendable, Hashable {
        /// `tags[]=a&tags[]=b`: what Rails, PHP, Hummingbird and Vapor read. Elements that are themselves
        /// objects or arrays are indexed (`items[0][name]`), since `[]` cannot say which fields belong
        /// together.
        case brackets
        /// `tags[0]=a&tags[1]=b`.
        case indexed
        /// `tags=a&tags=b`: what servlet containers and Go's `url.Values` read. Nested elements are
        /// indexed, as for ``brackets``.
        case repeated
    }

    /// How the fields of a nested value are named.
    public enum NestingStyle: Sendable, Hashable {
        /// `address[city]=Oslo`.
        case brackets
        /// `address.city=Oslo`.
        case dots
    }

    /// How a `Date` is written.
    public enum DateStyle: Sendable {
        /// ISO 8601 in UTC with fractional seconds only when there are some: `2026-11-23T12:00:00Z`.
        case iso8601
        /// Seconds since 1970, as an integer when whole: `1795435200`.
        case secondsSince1970
        /// Milliseconds since 1970, as an integer: `1795435200000`.
        case millisecondsSince1970
        /// Whatever the function returns.
        case custom(@Sendable (Date) -> String)
    }

    /// How a `Bool` is written.
    public enum BoolStyle: Sendable, Hashable {
        /// `true` / `false`.
        case literal
        /// `1` / `0`.
        case numeric
    }
}

extension FormEncoding.DateStyle {
    func text(for date: Date) -> String {
        switch self {
        case .iso8601:
            let whole = date.timeIntervalSince1970.rounded(.down) == date.timeIntervalSince1970
            return date.formatted(Date.ISO8601FormatStyle(includingFractionalSeconds: !whole, timeZone: .gmt))
        case .secondsSince1970:
            return FormEncoding.number(date.timeIntervalSince1970)
        case .millisecondsSince1970:
            return String(Int64((date.timeIntervalSince1970 * 1000).rounded()))
        case .custom(let format):
            return format(date)
        }
    }
}

extension FormEncoding {
    /// A floating-point number without a trailing `.0` when it is whole and fits in 64 bits.
    static func number(_ value: Double) -> String {
        if value.rounded() == value, abs(value) < 9.0e15 {
            return String(Int64(value))
        }
        return String(value)
    }
}
