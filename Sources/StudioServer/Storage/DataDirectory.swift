import Foundation

/// The layout of the data directory:
///
/// ```
/// data/studio.sqlite          metadata (recordings)
/// data/blobs/ab/abcdef….wav   uploaded audio, named by SHA-256 of its bytes
/// data/renders/ab/abcdef…/    rendered voices of that blob, one WAV per voice and plan
/// data/tmp/                   uploads and renders in progress; emptied at start-up
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

    /// Resolves `path` against the working directory.
    init(path: String) {
        let url = URL(fileURLWithPath: path, isDirectory: true).standardizedFileURL
        root = url.path.hasSuffix("/") && url.path.count > 1 ? String(url.path.dropLast()) : url.path
    }

    /// Creates the directories and removes what a crash may have left in `tmp/`.
    func prepare() throws {
        let files = FileManager.default
        for path in [root, blobsPath, rendersPath, temporaryPath] {
            try files.createDirectory(atPath: path, withIntermediateDirectories: true)
        }
        for name in try files.contentsOfDirectory(atPath: temporaryPath) {
            try? files.removeItem(atPath: temporaryPath + "/" + name)
        }
    }

    /// A fresh path in `tmp/` for a file being written.
    func temporaryFile(prefix: String) -> String {
        temporaryPath + "/\(prefix)-\(UUID().uuidString).part"
    }
}
