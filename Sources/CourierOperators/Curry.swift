/// Turns a function of two arguments into a chain of one-argument functions, the shape `<*>` fills one
/// argument at a time.
///
/// ```swift
/// struct Pair: Sendable { var left: TestServer.Echo; var right: TestServer.Echo }
/// let pair = curry(Pair.init) <*> leftCall <*> rightCall     // Call<Pair>, both requests at once
/// ```
public func curry<A: Sendable, B, C>(
    _ function: @escaping @Sendable (A, B) -> C
) -> @Sendable (A) -> @Sendable (B) -> C {
    { a in { b in function(a, b) } }
}

/// Turns a function of three arguments into a chain of one-argument functions, for
/// `curry(f) <*> a <*> b <*> c`.
public func curry<A: Sendable, B: Sendable, C, D>(
    _ function: @escaping @Sendable (A, B, C) -> D
) -> @Sendable (A) -> @Sendable (B) -> @Sendable (C) -> D {
    { a in { b in { c in function(a, b, c) } } }
}
