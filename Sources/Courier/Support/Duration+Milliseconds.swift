extension Duration {
    /// Milliseconds with one decimal, for people: `12.3`.
    package var milliseconds: String {
        let (seconds, attoseconds) = components
        let tenths = seconds * 10_000 + attoseconds / 100_000_000_000_000
        let sign = tenths < 0 ? "-" : ""
        return "\(sign)\(abs(tenths) / 10).\(abs(tenths) % 10)"
    }
}
