import Courier

// `>=>` builds one function out of two, each of which may fail. The forms differ only in how failure is
// spelled; which one applies follows from the functions' types.

/// Composes two functions that may return `nil`: the result is `nil` as soon as one of them is, and
/// `second` is never called with nothing.
///
/// ```swift
/// let makeRequest = URL.init(string:) >=> request(timeout: .seconds(30))   // (String) -> ClientRequest?
/// ```
public func >=> <A, B, C>(
    first: @escaping @Sendable (A) -> B?,
    second: @escaping @Sendable (B) -> C?
) -> @Sendable (A) -> C? {
    { value in first(value).flatMap(second) }
}

/// Composes two functions that may throw: the result throws the first error, and `second` is never
/// called after `first` failed.
///
/// ```swift
/// let parse = decodeJSON(Profile.self) >=> validated   // (Data) throws -> Profile
/// ```
public func >=> <A, B, C>(
    first: @escaping @Sendable (A) throws -> B,
    second: @escaping @Sendable (B) throws -> C
) -> @Sendable (A) throws -> C {
    { value in try second(try first(value)) }
}

/// Composes two functions that make calls (Kleisli composition for `Call`): the result makes a call
/// that runs `first`'s call, then `second`'s call on its value, and fails with the first error.
///
/// ```swift
/// let profileOfAuthor = articleCall >=> authorCall    // (Int) -> Call<Author>
/// let author = try await profileOfAuthor(42).run()
/// ```
public func >=> <A, B: Sendable, C: Sendable>(
    first: @escaping @Sendable (A) -> Call<B>,
    second: @escaping @Sendable (B) -> Call<C>
) -> @Sendable (A) -> Call<C> {
    { value in first(value).flatMap(second) }
}
