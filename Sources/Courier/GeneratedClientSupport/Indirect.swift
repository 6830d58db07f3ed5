/// A value stored out of line, so that a struct can contain itself: generated models box the property
/// that closes a cycle (`var _next: Indirect<Node>?`) and expose it unboxed.
///
/// It has value semantics: the box is immutable and a write makes a new one. It encodes and decodes as
/// the wrapped value itself, with no wrapper in the JSON.
public struct Indirect<Wrapped: Sendable>: Sendable {
    private final class Box: Sendable {
        let value: Wrapped

        init(_ value: Wrapped) {
            self.value = value
        }
    }

    private var box: Box

    /// Boxes `value`.
    public init(_ value: Wrapped) {
        box = Box(value)
    }

    /// The wrapped value; setting it stores a new box, so copies are not affected.
    public var value: Wrapped {
        get { box.value }
        set { box = Box(newValue) }
    }
}

extension Indirect: Equatable where Wrapped: Equatable {
    /// Compares the wrapped values.
    public static func == (lhs: Indirect, rhs: Indirect) -> Bool {
        lhs.value == rhs.value
    }
}

extension Indirect: Hashable where Wrapped: Hashable {
    /// Hashes the wrapped value.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(value)
    }
}

extension Indirect: Encodable where Wrapped: Encodable {
    /// Encodes the wrapped value in place (through a single-value container, so the encoder's date and
    /// data strategies apply).
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(value)
    }
}

extension Indirect: Decodable where Wrapped: Decodable {
    /// Decodes the wrapped value from where the box stands.
    public init(from decoder: any Decoder) throws {
        self.init(try decoder.singleValueContainer().decode(Wrapped.self))
    }
}
