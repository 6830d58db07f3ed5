import Courier

/// Map over a call: a call whose value is `transform` applied to this call's value (`Call.map(_:)`).
/// Nothing runs until the call does; an error `transform` throws fails the call.
///
/// ```swift
/// let guess = request |> client.requestCall <&> decodeJSON(AgeGuess.self)   // Call<AgeGuess>
/// let age = guess <&> \.age                                                // Call<Int>
/// ```
public func <&> <A: Sendable, B: Sendable>(
    call: Call<A>,
    transform: @escaping @Sendable (A) throws -> B
) -> Call<B> {
    call.map(transform)
}

/// Map over an optional: `transform` applied to the value if there is one, `nil` otherwise
/// (`Optional.map`), so optional steps of a pipeline read like the others.
///
/// ```swift
/// let host = "https://example.com/a" |> URL.init(string:) <&> \.host   // "example.com"
/// ```
///
/// - Throws: whatever `transform` throws.
@inlinable
public func <&> <A, B>(value: A?, transform: (A) throws -> B) rethrows -> B? {
    try value.map(transform)
}

/// Map over a result: `transform` applied to a success, a failure passed on as it is (`Result.map`).
///
/// ```swift
/// let count = await call.result() <&> \.count     // Result<Int, any Error>
/// ```
@inlinable
public func <&> <A, B, Failure: Error>(result: Result<A, Failure>, transform: (A) -> B) -> Result<B, Failure> {
    result.map(transform)
}
