import Courier

/// Apply: a call that runs `function` and `value` **at the same time** and applies the one's function
/// to the other's value. The first failure ends the call at once and cancels the other part (its
/// request is abandoned); cancelling the applied call cancels both.
///
/// With `curry`, independent requests fill the arguments of one function, all in flight at once:
///
/// ```swift
/// let dashboard = curry(Dashboard.init) <*> profileCall <*> articlesCall   // Call<Dashboard>
/// ```
public func <*> <A: Sendable, B: Sendable>(
    function: Call<@Sendable (A) -> B>,
    value: Call<A>
) -> Call<B> {
    Call {
        try await withThrowingTaskGroup(of: ApplyPart<A, B>.self) { group in
            group.addTask { .function(try await function.run()) }
            group.addTask { .value(try await value.run()) }
            var applied: (@Sendable (A) -> B)?
            var argument: A?
            // NOTE: `next()` throws the first failure as soon as it happens (`waitForAll()` would wait
            // for the other part first); leaving the group by throwing cancels that part and waits
            // for it to stop.
            while let part = try await group.next() {
                switch part {
                case .function(let function): applied = function
                case .value(let value): argument = value
                }
            }
            guard let applied, let argument else {
                preconditionFailure("both parts of <*> finished, yet one left no result")
            }
            return applied(argument)
        }
    }
}

/// Apply a plain function to a call: the call's value passed to `function` (`Call.map(_:)`). It
/// starts an applicative chain, so that `curry(f) <*> a <*> b` needs no `Call.value(curry(f))`; the
/// `<*>` that follows runs its calls in parallel with this one.
public func <*> <A: Sendable, B: Sendable>(
    function: @escaping @Sendable (A) -> B,
    value: Call<A>
) -> Call<B> {
    value.map(function)
}

/// What one part of `<*>` produced.
private enum ApplyPart<A: Sendable, B>: Sendable {
    case function(@Sendable (A) -> B)
    case value(A)
}
