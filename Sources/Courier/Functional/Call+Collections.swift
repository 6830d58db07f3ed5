extension Call {
    /// A call that runs `calls` one after another, in order, and returns their values; the first failure
    /// stops it (the calls after it never run).
    public static func sequence(_ calls: some Collection<Call<Value>> & Sendable) -> Call<[Value]> {
        Call<[Value]> {
            var values: [Value] = []
            values.reserveCapacity(calls.count)
            for call in calls {
                values.append(try await call.run())
            }
            return values
        }
    }

    /// A call that runs the call `transform` makes for each element, at most `maxConcurrent` at a time,
    /// and returns their values in the elements' order. The first failure cancels the rest.
    ///
    /// ```swift
    /// let articles = Call.traverse(ids, maxConcurrent: 4) { id in API.article(id: id).call(on: client) }
    /// ```
    public static func traverse<Element: Sendable>(
        _ elements: some Collection<Element> & Sendable,
        maxConcurrent: Int = 8,
        _ transform: @escaping @Sendable (Element) -> Call<Value>
    ) -> Call<[Value]> {
        precondition(maxConcurrent > 0, "traverse needs at least one call at a time")
        return Call<[Value]> {
            var values = [Value?](repeating: nil, count: elements.count)
            try await withThrowingTaskGroup(of: (Int, Value).self) { group in
                var pending = Array(elements.enumerated()).makeIterator()
                func startNext() -> Bool {
                    guard let (index, element) = pending.next() else { return false }
                    group.addTask { (index, try await transform(element).run()) }
                    return true
                }
                for _ in 0..<maxConcurrent where !startNext() { break }
                while let (index, value) = try await group.next() {
                    values[index] = value
                    _ = startNext()
                }
            }
            return values.map { $0! }
        }
    }

    /// A call that runs all `calls` at once and returns the first value; the others are cancelled. It
    /// fails only when every call fails, with the error of the one that failed last (which one that is
    /// depends on timing).
    public static func race(_ calls: some Collection<Call<Value>> & Sendable) -> Call {
        precondition(!calls.isEmpty, "a race needs at least one call")
        return Call {
            try await withThrowingTaskGroup(of: Result<Value, any Error>.self) { group in
                for call in calls {
                    group.addTask { await call.result() }
                }
                var lastError: (any Error)?
                while let outcome = try await group.next() {
                    switch outcome {
                    case .success(let value):
                        group.cancelAll()
                        return value
                    case .failure(let error):
                        lastError = error
                    }
                }
                try Task.checkCancellation()
                throw lastError!
            }
        }
    }

    /// A call that runs this one and `other` at once and returns the first value (see
    /// ``race(_:)``).
    public func race(_ other: Call) -> Call {
        .race([self, other])
    }
}
