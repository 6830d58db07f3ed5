/// A call that runs every call at once and returns all their values, in order.
///
/// As soon as one part fails, the others are cancelled (their requests are abandoned; a server sees the
/// clients go away) and the call throws that first error. Cancelling the zipped call cancels every part.
///
/// ```swift
/// let (profile, articles, tags) = try await zip(
///     API.profile.call(on: client),
///     API.articles(tag: "swift").call(on: client),
///     API.tags.call(on: client)
/// ).run()
/// ```
public func zip<each V: Sendable>(_ call: repeat Call<each V>) -> Call<(repeat each V)> {
    Call {
        try await withThrowingTaskGroup(of: Void.self) { group in
            let slots = (repeat ZipSlot.start(each call, in: &group))
            // The first failure ends the wait; leaving the group's scope by throwing cancels the rest
            // and waits for them to stop. (`waitForAll()` would wait for every part before throwing.)
            while try await group.next() != nil {}
            return (repeat (each slots).value())
        }
    }
}

/// Where one part of a ``zip(_:)`` leaves its value.
final class ZipSlot<Value: Sendable>: Sendable {
    private let stored = Locked<Value?>(nil)

    static func start(_ call: Call<Value>, in group: inout ThrowingTaskGroup<Void, any Error>) -> ZipSlot {
        let slot = ZipSlot()
        group.addTask {
            let value = try await call.run()
            slot.stored.withLock { $0 = value }
        }
        return slot
    }

    /// The value; only read after every part has succeeded.
    func value() -> Value {
        guard let value = stored.withLock({ $0 }) else {
            preconditionFailure("a zip part finished without a value")
        }
        return value
    }
}
