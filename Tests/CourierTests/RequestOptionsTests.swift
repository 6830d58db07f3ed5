import Courier
import Testing

private enum PriorityKey: RequestOptionKey {
    static let defaultValue = 5
}

extension RequestOptions {
    fileprivate var priority: Int {
        get { self[PriorityKey.self] }
        set { self[PriorityKey.self] = newValue }
    }
}

@Suite("Typed request options")
struct RequestOptionsTests {
    @Test("an unset option reads its default; a set one reads back")
    func defaults() {
        var options = RequestOptions()
        #expect(options.priority == 5)
        #expect(!options.contains(PriorityKey.self))
        options.priority = 9
        #expect(options.priority == 9)
        #expect(options.contains(PriorityKey.self))
    }

    @Test("built-in options have documented defaults")
    func builtIns() {
        let options = RequestOptions()
        #expect(options.timeout == nil)
        #expect(options.maxResponseBodySize == 32 * 1024 * 1024)
        #expect(options.redactor == .default)
    }

    @Test("merging keeps what is set and fills in the rest")
    func merging() {
        var mine = RequestOptions()
        mine.timeout = .seconds(1)
        var defaults = RequestOptions()
        defaults.timeout = .seconds(30)
        defaults.priority = 1
        let merged = mine.merging(defaults: defaults)
        #expect(merged.timeout == .seconds(1))
        #expect(merged.priority == 1)
    }
}
