import Foundation

extension ResponseBody {
    /// This body, reporting the running total of bytes read to `onProgress` as its reader takes each
    /// chunk (download progress), against the announced ``length``. A streamed body reports 0 at once,
    /// so a progress bar learns the length as soon as the head has arrived; a body in memory is reported
    /// at once, whole.
    func reportingDownloadProgress(to onProgress: @escaping @Sendable (TransferProgress) -> Void) -> ResponseBody {
        let expected = length
        if bufferedData == nil {
            onProgress(TransferProgress(direction: .download, completedBytes: 0, expectedBytes: expected))
        }
        let total = Locked<Int64>(0)
        return observing(onChunk: { chunk in
            let completed = total.withLock { total in
                total += Int64(chunk.count)
                return total
            }
            onProgress(TransferProgress(direction: .download, completedBytes: completed, expectedBytes: expected))
        }, onEnd: { _, _ in })
    }
}
