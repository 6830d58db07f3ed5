// NOTE: deliberately not `ExpressibleByNilLiteral`. A property that was `X?` before it became `Nullable<X>` is
// set to `nil` in existing code (`PetIn(tag: nil)`, meaning "leave it out"); with a nil literal that would
// compile and silently send `null`, which clears the field in a PATCH. Without it such code fails to compile
// and says where to choose `.absent` or `.null`; and `x == nil` cannot pass for "is null".

extension Nullable: ExpressibleByUnicodeScalarLiteral where Wrapped: ExpressibleByUnicodeScalarLiteral {
    /// A literal of the wrapped type is ``value(_:)``.
    public init(unicodeScalarLiteral value: Wrapped.UnicodeScalarLiteralType) {
        self = .value(Wrapped(unicodeScalarLiteral: value))
    }
}

extension Nullable: ExpressibleByExtendedGraphemeClusterLiteral
where Wrapped: ExpressibleByExtendedGraphemeClusterLiteral {
    /// A literal of the wrapped type is ``value(_:)``.
    public init(extendedGraphemeClusterLiteral value: Wrapped.ExtendedGraphemeClusterLiteralType) {
        self = .value(Wrapped(extendedGraphemeClusterLiteral: value))
    }
}

extension Nullable: ExpressibleByStringLiteral where Wrapped: ExpressibleByStringLiteral {
    /// A string literal is ``value(_:)``: `title = "Ship it"`.
    public init(stringLiteral value: Wrapped.StringLiteralType) {
        self = .value(Wrapped(stringLiteral: value))
    }
}

extension Nullable: ExpressibleByIntegerLiteral where Wrapped: ExpressibleByIntegerLiteral {
    /// An integer literal is ``value(_:)``.
    public init(integerLiteral value: Wrapped.IntegerLiteralType) {
        self = .value(Wrapped(integerLiteral: value))
    }
}

extension Nullable: ExpressibleByFloatLiteral where Wrapped: ExpressibleByFloatLiteral {
    /// A floating-point literal is ``value(_:)``.
    public init(floatLiteral value: Wrapped.FloatLiteralType) {
        self = .value(Wrapped(floatLiteral: value))
    }
}

extension Nullable: ExpressibleByBooleanLiteral where Wrapped: ExpressibleByBooleanLiteral {
    /// A boolean literal is ``value(_:)``.
    public init(booleanLiteral value: Wrapped.BooleanLiteralType) {
        self = .value(Wrapped(booleanLiteral: value))
    }
}

extension Nullable: ExpressibleByArrayLiteral where Wrapped: RangeReplaceableCollection {
    /// An array literal is ``value(_:)``: `tags = ["a", "b"]`.
    public init(arrayLiteral elements: Wrapped.Element...) {
        self = .value(Wrapped(elements))
    }
}
