import Courier

/// Bind over a call: a call that runs this one, then the call `next` makes from its value
/// (`Call.flatMap(_:)`) — dependent requests in order, as in FunNetworking's
/// `fetchIpNumber >>- fetchHostInfo`.
///
/// ```swift
/// let hostInfo = fetchIpNumber >>- fetchHostInfo    // Call<Host> >>- (Host) -> Call<IpInfo>
/// ```
///
/// Courier's calls carry their errors, so `next` receives the value itself, never a `Result` to take
/// apart: a failure of the first call ends the chain before `next` is asked.
public func >>- <A: Sendable, B: Sendable>(
    call: Call<A>,
    next: @escaping @Sendable (A) throws -> Call<B>
) -> Call<B> {
    call.flatMap(next)
}

/// Bind over an optional: the optional `next` makes from the value, `nil` if there is none
/// (`Optional.flatMap`).
///
/// - Throws: whatever `next` throws.
@inlinable
public func >>- <A, B>(value: A?, next: (A) throws -> B?) rethrows -> B? {
    try value.flatMap(next)
}

/// Bind over a result: the result `next` makes from a success, a failure passed on as it is
/// (`Result.flatMap`).
@inlinable
public func >>- <A, B, Failure: Error>(
    result: Result<A, Failure>,
    next: (A) -> Result<B, Failure>
) -> Result<B, Failure> {
    result.flatMap(next)
}
