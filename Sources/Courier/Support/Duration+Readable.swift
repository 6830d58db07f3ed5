extension Duration {
    /// A limit as a person would write it, rounded to the millisecond: `5 s`, `1.5 s`, `250 ms`.
    ///
    /// NOTE: a deadline's remaining time is a few microseconds short of the limit that made it
    /// (`4.999998428 seconds`); rounding shows the limit the user chose.
    var readable: String {
        let (seconds, attoseconds) = components
        // A limit meant as "none" (`.seconds(Int64.max)`) must print, not overflow.
        guard seconds < Int64.max / 1_000 - 1 else { return "\(seconds) s" }
        let milliseconds = seconds * 1_000 + (attoseconds + 500_000_000_000_000) / 1_000_000_000_000_000
        if milliseconds < 1_000 { return "\(milliseconds) ms" }
        let whole = milliseconds / 1_000
        let fraction = milliseconds % 1_000
        guard fraction != 0 else { return "\(whole) s" }
        var decimals = String(fraction)
        decimals = String(repeating: "0", count: 3 - decimals.count) + decimals
        while decimals.hasSuffix("0") { decimals.removeLast() }
        return "\(whole).\(decimals) s"
    }
}
