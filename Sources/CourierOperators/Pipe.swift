/// Pipe: applies `transform` to `value`, so a chain of steps reads in the order they happen instead of
/// inside out.
///
/// ```swift
/// let url = "https://example.com/articles" |> URL.init(string:)   // URL(string: "https://…")
/// ```
///
/// It is FunNetworking's `|>` and F#'s: `x |> f |> g` is `g(f(x))`.
///
/// - Throws: whatever `transform` throws (nothing, for a function that cannot throw).
@inlinable
public func |> <Input, Output>(value: Input, transform: (Input) throws -> Output) rethrows -> Output {
    try transform(value)
}
