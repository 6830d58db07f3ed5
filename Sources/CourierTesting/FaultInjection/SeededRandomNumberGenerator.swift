/// A random number generator that gives the same numbers for the same seed on every run and platform
/// (SplitMix64), for fault injection and any other test that needs randomness it can repeat.
///
/// It is fast and statistically good enough for tests; it is **not** for cryptography.
///
/// ```swift
/// var random = SeededRandomNumberGenerator(seed: 42)
/// let roll = Int.random(in: 1...6, using: &random)   // the same roll every run
/// ```
public struct SeededRandomNumberGenerator: RandomNumberGenerator, Sendable, Hashable {
    private var state: UInt64

    /// A generator whose sequence is fixed by `seed`.
    public init(seed: UInt64) {
        state = seed
    }

    /// The next 64 random bits.
    public mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
