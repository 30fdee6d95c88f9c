import Foundation

/// Lists the regular files of a folder tree with `readdir`, which reports each entry's type
/// without a `stat` per file: loading ten thousand fixtures must not cost ten thousand calls
/// through `FileManager`'s path bridging.
///
/// Symbolic links are followed only while they stay inside the root: a fixture tree must not
/// be able to serve `/etc/passwd` through a link. Each real folder is walked once, so a link
/// back up the tree cannot loop.
package enum DirectoryWalker {
    package struct Listing {
        /// Regular files below the root, relative to it, unsorted.
        package var files: [String] = []
        /// Links (relative paths) that resolve outside the root, or not at all, with why.
        var refusedLinks: [String: String] = [:]
    }

    /// - Parameter includeHidden: also list files and folders whose names start with `.` (the
    ///   leak gate reads them: a hidden file is committed as readily as any other).
    package static func list(under root: String, includeHidden: Bool = false) -> Listing {
        var listing = Listing()
        guard let realRoot = realPath(root) else { return listing }
        var visited: Set<String> = [realRoot]
        var pending = [""]
        while let relativeFolder = pending.popLast() {
            let folder = relativeFolder.isEmpty ? root : root + "/" + relativeFolder
            guard let directory = opendir(folder) else { continue }
            defer { closedir(directory) }
            while let entry = readdir(directory) {
                // The name read where it lies: `entry.pointee.d_name` copies all 256 bytes the
                // field may hold, past the end of a short entry, and readdir's buffer can end
                // on an unmapped page (the over-read that crashes Foundation's Process.run).
                let nameOffset = MemoryLayout<dirent>.offset(of: \dirent.d_name)!
                let namePointer = (UnsafeRawPointer(entry) + nameOffset).assumingMemoryBound(to: CChar.self)
                let name = UnsafeRawBufferPointer(start: namePointer, count: strlen(namePointer))
                if name.first == UInt8(ascii: ".") {
                    let isDotOrDotDot = name.count == 1 || (name.count == 2 && name[1] == UInt8(ascii: "."))
                    if isDotOrDotDot || !includeHidden { continue }
                }
                // The relative path made from the name's bytes in one allocation, not a `String`
                // of the name and another of the path, for each of 20,000 files at every start.
                let relative = Self.relativePath(relativeFolder, name)
                switch Int32(entry.pointee.d_type) {
                case Int32(DT_DIR):
                    if let real = realPath(root + "/" + relative), visited.insert(real).inserted { pending.append(relative) }
                case Int32(DT_REG):
                    listing.files.append(relative)
                default:
                    // A link, or a file system that does not report types: resolve it.
                    guard let real = realPath(root + "/" + relative) else {
                        listing.refusedLinks[relative] = "a link that cannot be resolved"
                        continue
                    }
                    guard real == realRoot || real.hasPrefix(realRoot + "/") else {
                        listing.refusedLinks[relative] = "a link that leaves the fixtures folder"
                        continue
                    }
                    var info = stat()
                    guard stat(real, &info) == 0 else { continue }
                    if (info.st_mode & S_IFMT) == S_IFDIR, visited.insert(real).inserted { pending.append(relative) }
                    if (info.st_mode & S_IFMT) == S_IFREG { listing.files.append(relative) }
                }
            }
        }
        return listing
    }

    /// `folder/name` (`name` alone in the root), `name` being a directory entry's bytes.
    private static func relativePath(_ folder: String, _ name: UnsafeRawBufferPointer) -> String {
        let prefixCount = folder.isEmpty ? 0 : folder.utf8.count + 1
        return String(unsafeUninitializedCapacity: prefixCount + name.count) { buffer in
            if prefixCount > 0 {
                _ = buffer.initialize(from: folder.utf8)
                buffer[prefixCount - 1] = UInt8(ascii: "/")
            }
            UnsafeMutableRawBufferPointer(rebasing: UnsafeMutableRawBufferPointer(buffer)[prefixCount...]).copyMemory(from: name)
            return prefixCount + name.count
        }
    }

    private static func realPath(_ path: String) -> String? {
        guard let resolved = realpath(path, nil) else { return nil }
        defer { free(resolved) }
        return String(cString: resolved)
    }
}
