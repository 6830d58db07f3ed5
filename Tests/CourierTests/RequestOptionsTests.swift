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
}
