import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Audio files stored by content: the key is the SHA-256 of the bytes, in lowercase hex.
///
/// A blob is written to a temporary file, flushed to disk and renamed into place, so a blob path
/// either does not exist or holds the whole file. Storing the same bytes twice is harmless: the
/// second rename replaces the file with an identical one.
struct BlobStore: Sendable {
    /// Absolute path of `data/blobs`.
    let root: String

    /// Where the blob with `key` lives: `blobs/ab/abcdef….wav`.
    func path(forKey key: String) -> String {
        precondition(Self.isValidKey(key), "blob keys are 64 lowercase hex digits")
        return "\(root)/\(key.prefix(2))/\(key).wav"
    }

    /// Moves a finished, already flushed temporary file into the store under `key`.
    ///
    /// - Parameters:
    ///   - temporaryFile: A file on the same filesystem (in `data/tmp`); it is gone afterwards.
    ///   - key: The SHA-256 of the file's bytes.
    func adopt(temporaryFile: String, key: String) throws {
        let destination = path(forKey: key)
        let directory = (destination as NSString).deletingLastPathComponent
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        guard rename(temporaryFile, destination) == 0 else {
            let reason = String(cString: strerror(errno))
            throw BlobStoreError(message: "cannot move upload into \(destination): \(reason)")
        }
        Self.synchronizeDirectory(directory)
    }

    /// True when `key` looks like a SHA-256 in lowercase hex (so it is safe in a path).
    static func isValidKey(_ key: String) -> Bool {
        key.utf8.count == 64 && key.utf8.allSatisfy { (0x30...0x39).contains($0) || (0x61...0x66).contains($0) }
    }

    /// Flushes a directory entry to disk so that a rename survives a power cut.
    static func synchronizeDirectory(_ path: String) {
        let descriptor = open(path, O_RDONLY | O_DIRECTORY)
        guard descriptor >= 0 else { return }
        _ = fsync(descriptor)
        _ = close(descriptor)
    }
}

/// The blob store could not write a file.
struct BlobStoreError: Error, CustomStringConvertible {
    let message: String
    var description: String { message }
}
