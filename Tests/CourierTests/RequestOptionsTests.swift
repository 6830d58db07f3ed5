import Courier
import Testing

private enum WeightKey: RequestOptionKey {
    static let defaultValue = 5
}

extension RequestOptions {
    fileprivate var weight: Int {
        get { self[WeightKey.self] }
        set { self[WeightKey.self] = newValue }
    }
}

/// An optional setting whose default is not `nil`: an explicit `nil` must read back as `nil`.
private enum NoteKey: RequestOptionKey {
    static let defaultValue: String? = "unset"
}

extension RequestOptions {
    fileprivate var note: String? {
        get { self[NoteKey.self] }
        set { self[NoteKey.self] = newValue }
    }
}

@Suite("Typed request options")
struct RequestOptionsTests {
    @Test("an unset option reads its default; a set one reads back")
    func defaults() {
        var options = RequestOptions()
        #expect(options.weight == 5)
        #expect(!options.contains(WeightKey.self))
        options.weight = 9
        #expect(options.weight == 9)
        #expect(options.contains(WeightKey.self))
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
        defaults.weight = 1
        let merged = mine.merging(defaults: defaults)
        #expect(merged.timeout == .seconds(1))
        #expect(merged.weight == 1)
    }

    @Test("writing a set option again replaces it; other options, and an explicit nil, are kept apart")
    func rewriting() {
        var options = RequestOptions()
        options.weight = 1
        options.note = "first"
        options.weight = 7
        options.note = nil
        #expect(options.weight == 7)
        #expect(options.note == nil)
        #expect(options.contains(NoteKey.self))
        var defaults = RequestOptions()
        defaults.weight = 3
        defaults.note = "default"
        let merged = options.merging(defaults: defaults)
        #expect(merged.weight == 7)
        #expect(merged.note == nil)
        #expect(RequestOptions().merging(defaults: defaults).note == "default")
    }
}
