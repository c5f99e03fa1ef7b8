#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Whether two paths name one file, so that a render never replaces its own input.
public enum SameFile {
    /// True when `output` would replace the file at `input`: both resolve to the same path
    /// (symbolic links, `..`, `./`), or both exist and share a device and inode (hard links).
    ///
    /// An `output` that does not exist yet is compared by its resolved directory and name.
    public static func check(input: String, output: String) -> Bool {
        guard let resolvedInput = resolve(input) else { return false }
        if let resolvedOutput = resolve(output), resolvedOutput == resolvedInput { return true }
        var a = stat(), b = stat()
        guard stat(input, &a) == 0, stat(output, &b) == 0 else { return false }
        return a.st_dev == b.st_dev && a.st_ino == b.st_ino
    }

    /// The canonical path of an existing file, or of a missing file in an existing directory.
    static func resolve(_ path: String) -> String? {
        if let real = realPath(path) { return real }
        let slash = path.lastIndex(of: "/")
        let directory = slash.map { $0 == path.startIndex ? "/" : String(path[..<$0]) } ?? "."
        let name = slash.map { String(path[path.index(after: $0)...]) } ?? path
        guard !name.isEmpty, let realDirectory = realPath(directory) else { return nil }
        return (realDirectory == "/" ? "" : realDirectory) + "/" + name
    }

    private static func realPath(_ path: String) -> String? {
        guard let pointer = realpath(path, nil) else { return nil }
        defer { free(pointer) }
        return String(cString: pointer)
    }
}
