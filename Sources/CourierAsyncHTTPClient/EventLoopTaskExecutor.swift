import NIOCore

/// A task executor that runs jobs on one SwiftNIO event loop, so that a request's layers run on the
/// thread that does its I/O.
///
/// SwiftNIO's event loops are serial executors (for actors) but not task executors; this is the small
/// adapter `withTaskExecutorPreference` needs.
@available(macOS 15, iOS 18, tvOS 18, watchOS 11, *)
final class EventLoopTaskExecutor: TaskExecutor {
    let loop: any EventLoop

    init(loop: any EventLoop) {
        self.loop = loop
    }

    func enqueue(_ job: consuming ExecutorJob) {
        let job = UnownedJob(job)
        let executor = asUnownedTaskExecutor()
        loop.execute { job.runSynchronously(on: executor) }
    }
}

/// One ``EventLoopTaskExecutor`` per loop of a group, made once.
///
/// NOTE: the executors are kept as `AnyObject`: a stored property cannot name a type that needs a newer
/// OS than the package's minimum, and task executors need macOS 15 / iOS 18.
struct EventLoopTaskExecutors: Sendable {
    private let group: any EventLoopGroup
    private let executors: [any AnyObject & Sendable]

    init(group: any EventLoopGroup) {
        self.group = group
        if #available(macOS 15, iOS 18, tvOS 18, watchOS 11, *) {
            executors = group.makeIterator().map(EventLoopTaskExecutor.init(loop:))
        } else {
            executors = []
        }
    }

    /// The executor of the loop the group hands out next: the calling thread's own loop when it is one
    /// of the group's (SwiftNIO's `any()`), so a request already on a loop stays there.
    @available(macOS 15, iOS 18, tvOS 18, watchOS 11, *)
    func next() -> EventLoopTaskExecutor? {
        let loop = group.any()
        return executors.lazy.compactMap { $0 as? EventLoopTaskExecutor }.first { $0.loop === loop }
    }
}
