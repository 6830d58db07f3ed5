import Synchronization

/// A count of the changes to some shared state, bumped by its writers and read by anyone without a lock:
/// a reader that remembers what it read along with the count knows it is still current while the count
/// has not moved.
///
/// NOTE: reading it writes nothing, so threads that only read it share its memory without bouncing it
/// between their cores, as a lock or a reference count would. Where `Atomic` is unavailable (before
/// macOS 15 and iOS 18) there is no count: ``current`` is `nil` and readers take their lock every time.
///
/// A value, kept inside its owner: reading it follows one pointer, to a counter alone on its cache line.
struct ChangeCount: Sendable {
    /// An `AtomicCount`, when the OS has `Atomic`.
    ///
    /// `nonisolated(unsafe)`: a constant, set once in `init`, holding a `Sendable` object; it is only
    /// `AnyObject` (not `any Sendable`) to be read back without a dynamic cast.
    private nonisolated(unsafe) let atomic: AnyObject?

    init() {
        if #available(macOS 15, iOS 18, tvOS 18, watchOS 11, *) {
            atomic = AtomicCount()
        } else {
            atomic = nil
        }
    }

    /// The number of changes so far; `nil` where it cannot be read without a lock.
    var current: UInt64? {
        guard #available(macOS 15, iOS 18, tvOS 18, watchOS 11, *), let atomic else { return nil }
        return unsafeDowncast(atomic, to: AtomicCount.self).value.load(ordering: .acquiring)
    }

    /// Counts a change; call it after making the change, under the writer's own lock.
    func bump() {
        guard #available(macOS 15, iOS 18, tvOS 18, watchOS 11, *), let atomic else { return }
        unsafeDowncast(atomic, to: AtomicCount.self).value.add(1, ordering: .releasing)
    }
}

/// NOTE: padded on both sides by more than a cache line (up to 128 bytes), so that no other memory (its own
/// reference count, a neighbouring object) shares the counter's line: a write there would make every
/// core's next read of the count a miss.
@available(macOS 15, iOS 18, tvOS 18, watchOS 11, *)
private final class AtomicCount: Sendable {
    private let before: (Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int) = (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)
    let value = Atomic<UInt64>(0)
    private let after: (Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int) = (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)
}
