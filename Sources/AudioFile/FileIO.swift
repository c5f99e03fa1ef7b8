#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Whole-file reads and atomic whole-file writes over POSIX calls.
enum FileIO {
    /// The contents of the regular file at `path`.
    static func readAll(path: String) throws(AudioFileError) -> [UInt8] {
        // O_NONBLOCK: opening a FIFO would otherwise wait for a writer forever; it is then
        // rejected below as not a regular file. Reads from regular files ignore the flag.
        let fd = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK)
        guard fd >= 0 else {
            let code = errno
            if code == ENOENT { throw .fileNotFound(path: path) }
            throw .cannotRead(path: path, reason: describe(code))
        }
        defer { close(fd) }
        var status = stat()
        guard fstat(fd, &status) == 0 else { throw .cannotRead(path: path, reason: describe(errno)) }
        guard status.st_mode & S_IFMT == S_IFREG else { throw .cannotRead(path: path, reason: "it is not a regular file") }
        let expected = Int(status.st_size)
        var bytes = [UInt8](repeating: 0, count: expected)
        var filled = 0
        while filled < expected {
            let n = bytes.withUnsafeMutableBytes { raw in
                read(fd, raw.baseAddress! + filled, expected - filled)
            }
            if n < 0 {
                if errno == EINTR { continue }
                throw .cannotRead(path: path, reason: describe(errno))
            }
            if n == 0 { break }  // The file shrank while we read it; keep what is there.
            filled += n
        }
        if filled < expected { bytes.removeLast(expected - filled) }
        return bytes
    }

    /// Replaces the file at `path` with `bytes` atomically: the bytes go to a temporary file in the
    /// same directory, which is flushed to disk and then renamed over `path`. On any failure the
    /// temporary file is removed and `path` is untouched.
    static func writeAtomically(_ bytes: [UInt8], to path: String) throws(AudioFileError) {
        let slash = path.lastIndex(of: "/")
        let directory = slash.map { $0 == path.startIndex ? "/" : String(path[..<$0]) } ?? "."
        let name = slash.map { String(path[path.index(after: $0)...]) } ?? path
        guard !name.isEmpty else { throw .cannotWrite(path: path, reason: "the path names a directory, not a file") }
        let suffix = String(UInt64.random(in: 0...UInt64.max), radix: 16)
        // A name near the 255-byte limit would leave no room for the temporary file's decorations.
        let stem = name.utf8.count <= 200 ? name : "audio"
        let temporary = (directory == "/" ? "" : directory) + "/." + stem + ".tmp-" + suffix

        let fd = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o644)
        guard fd >= 0 else {
            let code = errno
            if code == ENOENT { throw .cannotWrite(path: path, reason: "directory '\(directory)' does not exist") }
            throw .cannotWrite(path: path, reason: describe(code))
        }
        var failure: Int32?
        var written = 0
        while written < bytes.count, failure == nil {
            let n = bytes.withUnsafeBytes { raw in write(fd, raw.baseAddress! + written, bytes.count - written) }
            if n < 0 {
                if errno != EINTR { failure = errno }
            } else {
                written += n
            }
        }
        if failure == nil, fsync(fd) != 0 { failure = errno }
        if close(fd) != 0, failure == nil { failure = errno }
        if failure == nil, rename(temporary, path) != 0 { failure = errno }
        if let failure {
            unlink(temporary)
            throw .cannotWrite(path: path, reason: describe(failure))
        }
        // Make the rename itself durable; failing here cannot lose data, so it is not reported.
        let directoryFD = open(directory, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        if directoryFD >= 0 {
            _ = fsync(directoryFD)
            close(directoryFD)
        }
    }

    static func describe(_ code: Int32) -> String {
        guard let message = strerror(code) else { return "error \(code)" }
        return String(cString: message).lowercased()
    }
}
