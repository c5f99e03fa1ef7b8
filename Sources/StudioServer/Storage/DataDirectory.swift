import Foundation
import Synchronization
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The layout of the data directory:
///
/// ```
/// data/studio.sqlite          metadata (recordings)
/// data/blobs/ab/abcdef….wav   uploaded audio, named by SHA-256 of its bytes
/// data/renders/ab/abcdef…/    rendered voices of that blob, one WAV per voice and plan
/// data/tmp/                   uploads and renders in progress; emptied at start-up
/// data/studio.lock            held (flock) by the one server using the directory
/// ```
///
/// Everything lives on one filesystem, so a finished file is moved into place with one atomic
/// `rename(2)`.
struct DataDirectory: Sendable {
    /// Absolute path of the data directory.
    let root: String

    var databasePath: String { root + "/studio.sqlite" }
    var blobsPath: String { root + "/blobs" }
    var rendersPath: String { root + "/renders" }
    var temporaryPath: String { root + "/tmp" }
    var lockPath: String { root + "/studio.lock" }

    /// Resolves `path` against the working directory.
    init(path: String) {
        let url = URL(fileURLWithPath: path, isDirectory: true).standardizedFileURL
        root = url.path.hasSuffix("/") && url.path.count > 1 ? String(url.path.dropLast()) : url.path
    }

    /// Creates the directories, takes the lock and removes what a crash may have left in `tmp/`.
    ///
    /// - Returns: The lock; the directory is this process's until it is released (or the process
    ///   ends).
    /// - Throws: ``DataDirectoryError`` when another server holds the directory.
    func prepare() throws -> DataDirectoryLock {
        let files = FileManager.default
        for path in [root, blobsPath, rendersPath, temporaryPath] {
            try files.createDirectory(atPath: path, withIntermediateDirectories: true)
        }
        let lock = try DataDirectoryLock(path: lockPath)
        for name in try files.contentsOfDirectory(atPath: temporaryPath) {
            try? files.removeItem(atPath: temporaryPath + "/" + name)
        }
        // Renders are written atomically through `.NAME.tmp-XXXX` beside their target; a crash
        // mid-write leaves one behind, never under the final name. (Blobs arrive by rename from
        // tmp/, cleared above.)
        for relative in files.enumerator(atPath: rendersPath)?.compactMap({ $0 as? String }) ?? [] {
            let name = relative.split(separator: "/").last.map(String.init) ?? relative
            if name.hasPrefix("."), name.contains(".tmp-") {
                try? files.removeItem(atPath: rendersPath + "/" + relative)
            }
        }
        return lock
    }

    /// A fresh path in `tmp/` for a file being written.
    func temporaryFile(prefix: String) -> String {
        temporaryPath + "/\(prefix)-\(UUID().uuidString).part"
    }
}

/// An exclusive `flock(2)` on `data/studio.lock`: two servers on one data directory would delete
/// each other's uploads in progress and race on the SQLite file. The kernel drops the lock when
/// the process ends, so a crash never leaves the directory locked.
final class DataDirectoryLock: Sendable {
    private let descriptor: Mutex<Int32>

    init(path: String) throws {
        let descriptor = open(path, O_RDWR | O_CREAT | O_CLOEXEC, 0o644)
        guard descriptor >= 0 else {
            throw DataDirectoryError(message: "Cannot open \(path): \(String(cString: strerror(errno)))")
        }
        guard flock(descriptor, LOCK_EX | LOCK_NB) == 0 else {
            close(descriptor)
            throw DataDirectoryError(message: "Another pitchperfect server is using the data directory (\(path) is locked).")
        }
        self.descriptor = Mutex(descriptor)
    }

    /// Lets the directory go; later calls do nothing.
    func release() {
        descriptor.withLock { descriptor in
            guard descriptor >= 0 else { return }
            close(descriptor)
            descriptor = -1
        }
    }

    deinit {
        release()
    }
}

/// The data directory cannot be used.
struct DataDirectoryError: Error, CustomStringConvertible {
    let message: String
    var description: String { message }
}
