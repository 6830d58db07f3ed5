/// The executor a ``Client`` chose for the request its task is sending (see ``Transport/taskExecutor``).
///
/// Tasks a layer starts of its own (`Task`, `Task.immediate`) do not inherit a task's executor
/// preference; a layer that starts one passes ``current`` so that the work stays where the transport
/// expects it.
package enum PreferredExecutor {
    @TaskLocal package static var current: (any TaskExecutor)?

    /// Runs `body` with `executor` preferred, unless a client up the call chain already chose one.
    package static func run<T>(_ executor: (any TaskExecutor)?, _ body: () async throws -> T) async throws -> T {
        guard let executor, current == nil else { return try await body() }
        return try await withTaskExecutorPreference(executor) {
            try await $current.withValue(executor) { try await body() }
        }
    }
}
