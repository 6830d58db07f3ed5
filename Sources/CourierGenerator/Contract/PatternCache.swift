import Foundation

/// The regular expressions of a document's `pattern`s, each compiled once: a mock checks every request's strings
/// against the same few patterns, and compiling one costs far more than matching it.
///
/// `@unchecked Sendable`: `compiled` and `compilations` are read and written only while `lock` is held, and the
/// `NSRegularExpression`s handed out are immutable (Foundation documents them as safe to share between threads).
final class PatternCache: @unchecked Sendable {
    private let lock = NSLock()
    /// `nil` for a pattern that does not compile, so it is not tried again.
    private var compiled: [String: NSRegularExpression?] = [:]
    private var compilations = 0

    /// The compiled `pattern`, or `nil` when it is not a valid regular expression.
    func expression(for pattern: String) -> NSRegularExpression? {
        lock.lock()
        defer { lock.unlock() }
        if let known = compiled[pattern] { return known }
        compilations += 1
        let expression = try? NSRegularExpression(pattern: pattern)
        compiled[pattern] = .some(expression)
        return expression
    }

    /// How many patterns were compiled: once each, however many values they checked.
    var compilationCount: Int {
        lock.lock()
        defer { lock.unlock() }
        return compilations
    }
}
