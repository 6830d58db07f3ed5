import Foundation
import HTTPTypes

/// The heads and small bodies a thread served last from stored responses: each thread keeps its own.
///
/// NOTE: a hit serves the stored head with its `Age` and `Content-Length`, and making that head copies
/// every field, so heads are remembered by stored response and age. Remembered once for all threads, the
/// hits of two cores shared one head, one body buffer and one lock, and took turns at their memory: at 64
/// concurrent hits on two cores, a hit cost 2.3–2.6 µs against 1.6 µs on one core (Benchmarks/load).
/// Each thread now keeps copies of its own. A stored response is known by its serial number, never by its
/// address, which a new value may reuse once the old one is freed.
///
/// What a thread keeps is bounded and never served again once the store lets go of the response: at most
/// `capacity` heads and bodies of up to `ownedBodyLimit` bytes, until newer hits on that thread replace them.
/// A larger body is not kept here at all (it is shared, as copying it would cost more than sharing it):
/// keeping it would hold on to bytes the store has evicted or removed, past its byte budget.
final class ServedCopies {
    private struct Entry {
        let serial: UInt64
        var age: Int
        var head: HTTPResponse
        /// The thread's own copy of a small body; `nil` for a large one, which the caller's value serves.
        let body: Data?
    }

    /// How many stored responses a thread keeps copies of: a few hot ones, replaced in turn.
    private static let capacity = 8
    /// The largest body a thread keeps a copy of.
    private static let ownedBodyLimit = 4096
    private static let perThread = PerThread { ServedCopies() }
    /// NOTE: `Locked`, not `Atomic`, which needs macOS 15: a serial is taken only when a response is stored.
    private static let lastSerial = Locked<UInt64>(0)

    private let leading = CacheLinePadding()
    private var entries = RecentEntries<Entry>(capacity: capacity)
    /// Keep the objects next to this one in memory, another thread's perhaps, off its fields' cache lines.
    private let trailing = CacheLinePadding()

    /// A number nothing has had yet: each stored response is known by one, and so is each store
    /// (`RecentLookups`), never by an address, which a new object may reuse.
    static func makeSerial() -> UInt64 {
        lastSerial.withLock { serial in
            serial += 1
            return serial
        }
    }

    /// The calling thread's head and body for stored response `serial` at `age`: the head made by
    /// `makeHead` when the thread has none for that age, the body copied from `body` the first time.
    static func served(serial: UInt64, age: Int, body: Data, _ makeHead: () -> HTTPResponse) -> (head: HTTPResponse, body: Data) {
        perThread.withCurrent { $0.served(serial: serial, age: age, body: body, makeHead) }
    }

    private func served(serial: UInt64, age: Int, body: Data, _ makeHead: () -> HTTPResponse) -> (head: HTTPResponse, body: Data) {
        if let index = entries.firstIndex(where: { $0.serial == serial }) {
            if entries[index].age != age {
                entries[index].head = makeHead()
                entries[index].age = age
            }
            return (entries[index].head, entries[index].body ?? body)
        }
        let owned = body.count <= Self.ownedBodyLimit ? body.withUnsafeBytes { Data($0) } : nil
        let entry = Entry(serial: serial, age: age, head: makeHead(), body: owned)
        entries.add(entry)
        return (entry.head, owned ?? body)
    }
}
