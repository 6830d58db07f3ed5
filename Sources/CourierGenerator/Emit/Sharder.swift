/// Splits a list into files of at most `size` items: small files type-check in parallel and in bounded memory.
enum Sharder {
    /// `items` in chunks of at most `size` (at least one item per chunk), order kept.
    static func shards<Item>(_ items: [Item], size: Int) -> [[Item]] {
        let size = max(1, size)
        return stride(from: 0, to: items.count, by: size).map { Array(items[$0..<min($0 + size, items.count)]) }
    }

    /// `Base.swift` for a single shard, `Base+01.swift`, `Base+02.swift`… for several.
    static func fileName(_ base: String, index: Int, count: Int) -> String {
        guard count > 1 else { return base + ".swift" }
        let number = String(index + 1)
        let width = max(2, String(count).count)
        return base + "+" + String(repeating: "0", count: max(0, width - number.count)) + number + ".swift"
    }
}
