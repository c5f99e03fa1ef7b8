import _NIOFileSystem
import Crypto
import Synchronization
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

    /// Writes the body of `request` to a new temporary file.
    ///
    /// - Throws: `Abort(.payloadTooLarge)` past the limit; any I/O error. On every error the
    ///   temporary file is gone.
    func receive(_ request: Request) async throws -> ReceivedUpload {
        let path = dataDirectory.temporaryFile(prefix: "upload")
        let chunks = Self.chunks(of: request, limit: maximumBytes)
        do {
            let (byteCount, digest) = try await FileSystem.shared.withFileHandle(
                forWritingAt: FilePath(path), options: .newFile(replaceExisting: false)
            ) { handle in
                var writer = handle.bufferedWriter()
                var hasher = SHA256()
                var count = 0
                for try await chunk in chunks {
                    count += chunk.readableBytes
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

    /// The body as a sequence of chunks that fails with 413 as soon as the count passes `limit`.
    ///
    /// The body is read through Vapor's callback API rather than its `AsyncSequence`: once the
    /// consumer of the sequence stops, Vapor stops reading the socket, the client blocks sending
    /// the rest and the connection hangs. Here the rest of a refused body is read and dropped (up
    /// to ``drainLimit`` more bytes), so the 413 goes out at once and the connection stays usable.
    /// At most `limit` bytes are ever buffered.
    static func chunks(of request: Request, limit: Int) -> AsyncThrowingStream<ByteBuffer, any Error> {
        let (stream, continuation) = AsyncThrowingStream.makeStream(of: ByteBuffer.self)
        let state = BodyState()
        // If the consumer stops early (a disk error), drop whatever is still to come.
        continuation.onTermination = { _ in state.stopForwarding() }
        let eventLoop = request.eventLoop
        request.body.drain { part in
            switch part {
            case .buffer(let buffer):
                switch state.receive(byteCount: buffer.readableBytes, limit: limit) {
                case .forward:
                    continuation.yield(buffer)
                case .refuse:
                    continuation.finish(throwing: tooLarge(limit: limit))
                case .drop:
                    break
                case .stopReading:
                    return eventLoop.makeFailedFuture(tooLarge(limit: limit))
                }
            case .error(let error):
                continuation.finish(throwing: error)
            case .end:
                continuation.finish()
            }
            return eventLoop.makeSucceededVoidFuture()
        }
        return stream
    }

    /// How much of a refused body is still read and dropped before the server stops reading (and
    /// the connection waits for the client to give up): generous, since reading costs no memory.
    static let drainLimit = 1 << 30

    /// The 413 answer for a body over `limit` bytes.
    static func tooLarge(limit: Int) -> Abort {
        Abort(.payloadTooLarge, reason: "The recording is larger than the \(describe(bytes: limit)) upload limit.")
    }

    /// `64 MiB`, `512 KiB` or `100 bytes`.
    static func describe(bytes: Int) -> String {
        if bytes >= 1 << 20, bytes % (1 << 20) == 0 { return "\(bytes >> 20) MiB" }
        if bytes >= 1 << 10, bytes % (1 << 10) == 0 { return "\(bytes >> 10) KiB" }
        return "\(bytes) bytes"
    }
}

/// What the body reader has seen so far; shared between the event loop and the consumer.
private final class BodyState: Sendable {
    enum Decision { case forward, refuse, drop, stopReading }

    private struct Counts {
        var received = 0
        var forwarding = true
    }

    private let counts = Mutex(Counts())

    /// Counts a chunk and says what to do with it: forward it, refuse the upload (the first
    /// chunk past the limit), drop it (after a refusal), or stop reading (the refused body goes
    /// on for more than ``UploadReceiver/drainLimit`` extra bytes).
    func receive(byteCount: Int, limit: Int) -> Decision {
        counts.withLock { counts in
            counts.received += byteCount
            if counts.forwarding {
                guard counts.received > limit else { return .forward }
                counts.forwarding = false
                return .refuse
            }
            return counts.received - limit > UploadReceiver.drainLimit ? .stopReading : .drop
        }
    }

    func stopForwarding() {
        counts.withLock { $0.forwarding = false }
    }
}
