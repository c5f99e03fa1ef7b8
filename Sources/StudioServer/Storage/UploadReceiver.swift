import _NIOFileSystem
import Crypto
import Vapor

/// A request body written to a temporary file as it arrived.
struct ReceivedUpload: Sendable {
    /// The temporary file in `data/tmp`, flushed to disk.
    let path: String
    /// How many bytes the body had.
    let byteCount: Int
    /// SHA-256 of the bytes, lowercase hex: the blob key.
    let sha256: String
}

/// Streams a request body to disk, counting and hashing as it goes.
///
/// Vapor's body-size limit does not cover streamed bodies, so the limit is enforced here: the
/// upload is refused as soon as the count passes it, and the partial file is removed.
struct UploadReceiver: Sendable {
    let dataDirectory: DataDirectory
    /// The largest body accepted, in bytes.
    let maximumBytes: Int

    /// Writes `body` to a new temporary file.
    ///
    /// - Throws: `Abort(.payloadTooLarge)` past the limit; any I/O error. On every error the
    ///   temporary file is gone.
    func receive(_ body: Request.Body) async throws -> ReceivedUpload {
        let path = dataDirectory.temporaryFile(prefix: "upload")
        let limit = maximumBytes
        do {
            let (byteCount, digest) = try await FileSystem.shared.withFileHandle(
                forWritingAt: FilePath(path), options: .newFile(replaceExisting: false)
            ) { handle in
                var writer = handle.bufferedWriter()
                var hasher = SHA256()
                var count = 0
                for try await chunk in body {
                    count += chunk.readableBytes
                    guard count <= limit else { throw UploadReceiver.tooLarge(limit: limit) }
                    hasher.update(data: chunk.readableBytesView)
                    try await writer.write(contentsOf: chunk)
                }
                try await writer.flush()
                try await handle.synchronize()
                return (count, hasher.finalize())
            }
            return ReceivedUpload(path: path, byteCount: byteCount, sha256: digest.hexString)
        } catch {
            try? FileManager.default.removeItem(atPath: path)
            throw error
        }
    }

    /// The 413 answer for a body over `limit` bytes.
    static func tooLarge(limit: Int) -> Abort {
        Abort(.payloadTooLarge, headers: closeConnection,
              reason: "The recording is larger than the \(describe(bytes: limit)) upload limit.")
    }

    /// For answers sent before the body was read to its end: the rest of the body is never read,
    /// so the connection cannot carry another request and would otherwise hang until it times out.
    static let closeConnection: HTTPHeaders = ["Connection": "close"]

    /// `64 MiB`, `512 KiB` or `100 bytes`.
    static func describe(bytes: Int) -> String {
        if bytes >= 1 << 20, bytes % (1 << 20) == 0 { return "\(bytes >> 20) MiB" }
        if bytes >= 1 << 10, bytes % (1 << 10) == 0 { return "\(bytes >> 10) KiB" }
        return "\(bytes) bytes"
    }
}
