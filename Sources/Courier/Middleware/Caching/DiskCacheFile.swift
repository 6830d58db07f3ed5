import Foundation

/// The format of one ``DiskCacheStore`` file: a magic line, a checksum line, then the record as JSON.
///
/// The checksum (64-bit FNV-1a of the JSON) catches a file cut short or damaged on disk, so that a
/// damaged entry reads as a miss instead of a wrong response.
enum DiskCacheFile {
    struct Record: Codable {
        var key: String
        var responses: [CachedResponse]
    }

    static let pathExtension = ".courier-cache"
    private static let magic = Data("courier-cache 1\n".utf8)

    static func encode(_ record: Record) throws -> Data {
        let json = try JSONEncoder().encode(record)
        var data = magic
        data.append(Data(checksum(json).utf8))
        data.append(UInt8(ascii: "\n"))
        data.append(json)
        return data
    }

    /// The record, or `nil` when the data is not a whole, undamaged file of this format.
    static func decode(_ data: Data) -> Record? {
        guard data.count > magic.count + 17, data.prefix(magic.count) == magic else { return nil }
        let checksumStart = data.startIndex + magic.count
        let jsonStart = checksumStart + 17
        guard data[jsonStart - 1] == UInt8(ascii: "\n") else { return nil }
        let stored = String(decoding: data[checksumStart..<(jsonStart - 1)], as: UTF8.self)
        let json = data[jsonStart...]
        guard stored == checksum(json) else { return nil }
        return try? JSONDecoder().decode(Record.self, from: json)
    }

    /// 16 hexadecimal digits of the 64-bit FNV-1a hash.
    private static func checksum(_ bytes: some Sequence<UInt8>) -> String {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in bytes {
            hash ^= UInt64(byte)
            hash = hash &* 0x0000_0100_0000_01b3
        }
        let text = String(hash, radix: 16)
        return String(repeating: "0", count: 16 - text.count) + text
    }
}
