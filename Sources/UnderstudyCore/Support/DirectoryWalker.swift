import Foundation

/// Lists the regular files of a folder tree with `readdir`, which reports each entry's type
/// without a `stat` per file: loading ten thousand fixtures must not cost ten thousand calls
/// through `FileManager`'s path bridging.
enum DirectoryWalker {
    /// Paths of regular files below `root`, relative to it, unsorted. Hidden files and
    /// folders (a leading `.`) are skipped; symbolic links are followed to one level of type.
    static func regularFiles(under root: String) -> [String] {
        var found: [String] = []
        var pending = [""]
        while let relativeFolder = pending.popLast() {
            let folder = relativeFolder.isEmpty ? root : root + "/" + relativeFolder
            guard let directory = opendir(folder) else { continue }
            defer { closedir(directory) }
            while let entry = readdir(directory) {
                let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
                    String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
                }
                if name.hasPrefix(".") { continue }
                let relative = relativeFolder.isEmpty ? name : relativeFolder + "/" + name
                switch Int32(entry.pointee.d_type) {
                case Int32(DT_DIR): pending.append(relative)
                case Int32(DT_REG): found.append(relative)
                default:
                    // DT_LNK or DT_UNKNOWN (some file systems): ask stat what it is.
                    var info = stat()
                    guard stat(root + "/" + relative, &info) == 0 else { continue }
                    if (info.st_mode & S_IFMT) == S_IFDIR { pending.append(relative) }
                    if (info.st_mode & S_IFMT) == S_IFREG { found.append(relative) }
                }
            }
        }
        return found
    }
}
