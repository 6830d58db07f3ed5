/// A transport whose I/O threads can run a request's layers: SwiftNIO's event loops, for
/// `AsyncHTTPClientTransport.Configuration.runsLayersOnEventLoops`.
///
/// NOTE: package-internal rather than a requirement of ``Transport``: task executors need macOS 15 /
/// iOS 18 while Courier supports macOS 14 / iOS 17, and only the NIO transport has threads to offer.
@available(macOS 15, iOS 18, tvOS 18, watchOS 11, *)
package protocol LayerExecutorProviding: Sendable {
    /// Whether it may offer executors at all; when not, ``Client`` never asks, and pays nothing per request.
    var offersLayerExecutors: Bool { get }

    /// The executor of the thread the next exchange will most likely use, or `nil` to stay where the task is.
    func layerExecutor() -> (any TaskExecutor)?
}

/// The executor a ``Client`` chose for the request its task is sending, when its transport runs the layers
/// on its own threads (`AsyncHTTPClientTransport.Configuration.runsLayersOnEventLoops`).
///
/// Tasks a layer starts of its own (`Task`, `Task.immediate`) do not inherit a task's executor
/// preference; a layer that starts one passes ``current`` so that the work stays where the transport
/// expects it:
///
/// ```swift
/// let task = Task(executorPreference: PreferredExecutor.current) { try await next(request) }
/// ```
@available(macOS 15, iOS 18, tvOS 18, watchOS 11, *)
public enum PreferredExecutor {
    /// The executor the client chose for this task's request, or `nil` when the transport offers none.
    @TaskLocal public static var current: (any TaskExecutor)?

    /// Runs `body` on the executor `provider` offers, unless a client up the call chain already chose one
    /// (the provider is then not asked) or it offers none.
    package static func run<T>(_ provider: any Sendable, _ body: () async throws -> T) async throws -> T {
        guard current == nil, let provider = provider as? any LayerExecutorProviding,
              let executor = provider.layerExecutor() else { return try await body() }
        return try await withTaskExecutorPreference(executor) {
            try await $current.withValue(executor) { try await body() }
        }
    }
}

extension Client {
    /// Runs `body` on the transport's layer executor when it offers one (see `LayerExecutorProviding`).
    func onLayerExecutor<T>(_ body: () async throws -> T) async throws -> T {
        guard let provider = configuration.layerExecutorProvider else { return try await body() }
        if #available(macOS 15, iOS 18, tvOS 18, watchOS 11, *) {
            return try await PreferredExecutor.run(provider, body)
        }
        return try await body()
    }
}
