import Courier
import Foundation

/// The `--download` progress bar on standard error, redrawn at most ten times a second: a redraw per
/// 64 KiB chunk would cost more than the transfer.
final class DownloadProgress {
    private let bar = ProgressBar()
    private let sink: any ByteSink
    private let expectedBytes: Int64?
    private var lastDrawn: ContinuousClock.Instant?

    init(expectedBytes: Int64?, sink: any ByteSink) {
        self.expectedBytes = expectedBytes
        self.sink = sink
    }

    func update(_ completedBytes: Int64, final: Bool = false) {
        let now = ContinuousClock.now
        if !final, let lastDrawn, lastDrawn.duration(to: now) < .milliseconds(100) { return }
        lastDrawn = now
        let progress = TransferProgress(direction: .download, completedBytes: completedBytes, expectedBytes: expectedBytes)
        // The bar is decoration: a failed write to the terminal must not fail the download.
        try? sink.write(bar.line(for: progress, now: now) + (final ? "\n" : ""))
    }
}
