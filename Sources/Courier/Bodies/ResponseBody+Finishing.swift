extension ResponseBody {
    /// This body, calling `action` once when it has been read to the end, has failed, or has been
    /// dropped unread: for a layer that holds something (a throttle slot) until the response is over,
    /// not only until its head arrived. A body in memory is already over: `action` runs at once.
    func onFinish(_ action: @escaping @Sendable () -> Void) -> ResponseBody {
        guard case .stream(let chunks, _) = storage else {
            action()
            return self
        }
        let finish = FinishAction(action)
        return ResponseBody(length: length, chunks: BodyChunks {
            var iterator = chunks.makeAsyncIterator()
            return {
                do {
                    guard let chunk = try await iterator.next() else {
                        finish.run()
                        return nil
                    }
                    return chunk
                } catch {
                    finish.run()
                    throw error
                }
            }
        })
    }
}

/// An action that runs once: when asked, or at the latest when the last reference to it goes away.
private final class FinishAction: Sendable {
    private let action: Locked<(@Sendable () -> Void)?>

    init(_ action: @escaping @Sendable () -> Void) {
        self.action = Locked(action)
    }

    func run() {
        action.withLock { action in
            defer { action = nil }
            return action
        }?()
    }

    deinit {
        run()
    }
}
