import Foundation

/// Cuts a body's bytes, fed in chunks of any size, into the JSON texts of a ``JSONStreamFormat``.
///
/// NOTE: memory stays bounded: only the record being read is kept (at most `maxRecordSize` bytes, plus the
/// chunk that brought it), each byte is scanned once, and a record longer than the limit fails with
/// ``NetworkError/Kind/bodyTooLarge`` as soon as that is known — before its end arrives, if it never does.
struct JSONRecordSplitter: Sendable {
    let format: JSONStreamFormat
    let maxRecordSize: Int

    private var buffer: [UInt8] = []
    /// Where the pending record starts in `buffer`.
    private var start = 0
    /// Bytes before this index have been scanned.
    private var scanned = 0
    /// Records (or lines) counted so far.
    private var count = 0
    private var scan = JSONSequenceScan()
    private var ended = false

    init(format: JSONStreamFormat, maxRecordSize: Int) {
        precondition(maxRecordSize > 0, "maxRecordSize must be positive")
        self.format = format
        self.maxRecordSize = maxRecordSize
    }

    /// Adds the next bytes of the body.
    mutating func append(_ bytes: some Sequence<UInt8>) {
        precondition(!ended, "bytes appended after the end of the body")
        if start > 0 {
            // Only the pending record is moved: at most maxRecordSize bytes, once per record handed over.
            buffer.removeSubrange(0..<start)
            scanned -= start
            start = 0
        }
        buffer.append(contentsOf: bytes)
    }

    /// Marks the end of the body: ``next()`` then hands over what is left, if anything.
    mutating func finish() {
        ended = true
    }

    /// The next whole record in the bytes appended so far; `nil` when more bytes are needed (or, after
    /// ``finish()``, when there are no more records).
    ///
    /// - Throws: ``NetworkError/Kind/bodyTooLarge`` when a record is longer than `maxRecordSize`.
    mutating func next() throws -> JSONRecord? {
        switch format {
        case .lines: try nextLine()
        case .textSequence: try nextSequenceRecord()
        }
    }

    // MARK: - JSON Lines

    private mutating func nextLine() throws -> JSONRecord? {
        while let lineFeed = buffer[scanned...].firstIndex(of: ASCIIByte.lineFeed) {
            let line = buffer[start..<lineFeed]
            count += 1
            start = lineFeed + 1
            scanned = start
            if let record = try lineRecord(line) { return record }
        }
        scanned = buffer.count
        if ended {
            // The last line may lack its LF (JSON Lines allows it).
            let line = buffer[start...]
            start = buffer.count
            guard !line.isEmpty else { return nil }
            count += 1
            return try lineRecord(line)
        }
        try checkPendingSize()
        return nil
    }

    /// The record for one line without its LF; `nil` for a line that is empty or only white space.
    private func lineRecord(_ line: ArraySlice<UInt8>) throws -> JSONRecord? {
        // The limit counts the raw bytes (a CR too), as the check on a line still arriving does.
        guard line.count <= maxRecordSize else { throw tooLong(line.count, number: count) }
        var line = line
        if line.last == ASCIIByte.carriageReturn { line = line.dropLast() }
        guard line.contains(where: { !ASCIIByte.isJSONWhitespace($0) }) else { return nil }
        return JSONRecord(number: count, data: Data(line), isComplete: true)
    }

    // MARK: - JSON text sequences (RFC 7464)

    private mutating func nextSequenceRecord() throws -> JSONRecord? {
        while scanned < buffer.count {
            let byte = buffer[scanned]
            scanned += 1
            if byte == ASCIIByte.recordSeparator {
                // RS ends whatever came before it and opens a record.
                let record = try cutSequenceRecord(end: scanned - 1, complete: scan.holdsWholeValue)
                start = scanned
                scan = JSONSequenceScan()
                scan.inRecord = true
                if let record { return record }
                continue
            }
            scan.take(byte)
            if byte == ASCIIByte.lineFeed, scan.inRecord, scan.holdsWholeValue {
                // The value and its LF are here: hand it over now, not at the next RS.
                let record = try cutSequenceRecord(end: scanned - 1, complete: true)
                start = scanned
                scan = JSONSequenceScan()
                if let record { return record }
            }
        }
        if ended {
            let record = try cutSequenceRecord(end: buffer.count, complete: scan.holdsWholeValue)
            start = buffer.count
            scan = JSONSequenceScan()
            return record
        }
        try checkPendingSize()
        return nil
    }

    /// The record in `start..<end`, counted; `nil` when it holds only white space (as between two RS).
    private mutating func cutSequenceRecord(end: Int, complete: Bool) throws -> JSONRecord? {
        // The limit counts the raw bytes (white space too), as the check on a record still arriving does.
        guard end - start <= maxRecordSize else { throw tooLong(end - start, number: count + 1) }
        guard scan.hasContent else { return nil }
        count += 1
        var text = buffer[start..<end]
        while let last = text.last, ASCIIByte.isJSONWhitespace(last) { text = text.dropLast() }
        return JSONRecord(number: count, data: Data(text), isComplete: complete)
    }

    // MARK: - Limits

    /// The bytes held, for tests of the memory bound.
    var bufferedByteCount: Int { buffer.count }

    private func checkPendingSize() throws {
        let pending = buffer.count - start
        if pending > maxRecordSize { throw tooLong(pending, number: count + 1) }
    }

    private func tooLong(_ size: Int, number: Int) -> NetworkError {
        NetworkError(
            .bodyTooLarge,
            message: "\(format.unitName) \(number) is longer than the limit of \(maxRecordSize) bytes (\(size) so far); the stream was stopped."
        )
    }
}
