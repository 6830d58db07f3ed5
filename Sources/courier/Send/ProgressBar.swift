import Courier
import Foundation

/// A one-line progress bar for a terminal: bytes, rate and time left, redrawn in place.
struct ProgressBar {
    let width: Int
    let start: ContinuousClock.Instant

    init(width: Int = 30, start: ContinuousClock.Instant = .now) {
        self.width = width
        self.start = start
    }

    /// The line for `progress` at `now`, starting with a carriage return and an erase-line so it
    /// replaces the last one whole (a shorter line would leave the end of a longer one behind).
    func line(for progress: TransferProgress, now: ContinuousClock.Instant = .now) -> String {
        let elapsed = max(Self.seconds(start.duration(to: now)), 0.001)
        let rate = Double(progress.completedBytes) / elapsed
        let done = progress.completedBytes
        guard let expected = progress.expectedBytes, expected > 0 else {
            return "\r\u{1B}[K\(Self.bytes(done))  \(Self.bytes(Int64(rate)))/s"
        }
        let fraction = min(Double(done) / Double(expected), 1)
        let filled = Int(fraction * Double(width))
        let bar = String(repeating: "█", count: filled) + String(repeating: "░", count: width - filled)
        let remaining = rate > 0 ? Double(expected - done) / rate : 0
        return String(format: "\r\u{1B}[K%@ %3d%%  %@ / %@  %@/s  ETA %@", bar, Int(fraction * 100), Self.bytes(done), Self.bytes(expected), Self.bytes(Int64(rate)), Self.time(remaining))
    }

    static func bytes(_ count: Int64) -> String {
        let units = ["B", "KiB", "MiB", "GiB", "TiB"]
        var value = Double(count)
        var unit = 0
        while value >= 1024, unit < units.count - 1 {
            value /= 1024
            unit += 1
        }
        return unit == 0 ? "\(count) B" : String(format: "%.1f %@", value, units[unit])
    }

    static func time(_ seconds: Double) -> String {
        let whole = Int(seconds.rounded())
        return String(format: "%d:%02d", whole / 60, whole % 60)
    }

    static func seconds(_ duration: Duration) -> Double {
        Double(duration.components.seconds) + Double(duration.components.attoseconds) / 1e18
    }
}
