#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A fresh directory under /tmp, removed with everything in it by ``remove()``.
struct TemporaryDirectory {
    let path: String

    init() {
        var template = Array("/tmp/audiofile-tests-XXXXXX".utf8CString)
        let created = template.withUnsafeMutableBufferPointer { mkdtemp($0.baseAddress!) }
        precondition(created != nil, "mkdtemp failed")
        path = String(decoding: template.dropLast().map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    /// The names in the directory, sorted, without `.` and `..`.
    func entries() -> [String] { Self.entries(of: path) }

    static func entries(of path: String) -> [String] {
        guard let dir = opendir(path) else { return [] }
        defer { closedir(dir) }
        var names: [String] = []
        while let entry = readdir(dir) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { String(cString: $0.bindMemory(to: CChar.self).baseAddress!) }
            if name != "." && name != ".." { names.append(name) }
        }
        return names.sorted()
    }

    /// Writes `bytes` to `name` in the directory, plainly (for fixtures).
    func put(_ bytes: [UInt8], as name: String) {
        let fd = open(path + "/" + name, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        precondition(fd >= 0)
        _ = bytes.withUnsafeBytes { write(fd, $0.baseAddress, $0.count) }
        close(fd)
    }

    /// Deletes the directory tree (one level of subdirectories is enough for these tests).
    func remove() {
        for name in entries() {
            let child = path + "/" + name
            if unlink(child) != 0 {
                for grandchild in Self.entries(of: child) { unlink(child + "/" + grandchild) }
                rmdir(child)
            }
        }
        rmdir(path)
    }
}
