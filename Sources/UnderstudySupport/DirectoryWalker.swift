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
        package var refusedLinks: [String: String] = [:]
    }

    /// - Parameter includeHidden: also list files and folders whose names start with `.` (the
    ///   leak gate reads them: a hidden file is committed as readily as any other).
    package static func list(under root: String, includeHidden: Bool = false) -> Listing {
        var listing = Listing()
        guard let realRoot = Platform.realPath(root) else { return listing }
        var visited: Set<String> = [realRoot]
        var pending = [""]
        while let relativeFolder = pending.popLast() {
            let folder = relativeFolder.isEmpty ? root : root + "/" + relativeFolder
            _ = Platform.forEachEntry(inFolder: folder) { name, kind in
                if name.first == UInt8(ascii: ".") {
                    let isDotOrDotDot = name.count == 1 || (name.count == 2 && name[1] == UInt8(ascii: "."))
                    if isDotOrDotDot || !includeHidden { return }
                }
                // The relative path made from the name's bytes in one allocation, not a `String`
                // of the name and another of the path, for each of 20,000 files at every start.
                let relative = Self.relativePath(relativeFolder, name)
                switch kind {
                case .directory:
                    if let real = Platform.realPath(root + "/" + relative), visited.insert(real).inserted { pending.append(relative) }
                case .regular:
                    listing.files.append(relative)
                case .other, nil:
                    // A link, or a file system that does not report types: resolve it.
                    guard let real = Platform.realPath(root + "/" + relative) else {
                        listing.refusedLinks[relative] = "a link that cannot be resolved"
                        return
                    }
                    guard real == realRoot || real.hasPrefix(realRoot + "/") else {
                        listing.refusedLinks[relative] = "a link that leaves the fixtures folder"
                        return
                    }
                    switch Platform.fileInfo(atPath: real)?.kind {
                    case .directory: if visited.insert(real).inserted { pending.append(relative) }
                    case .regular: listing.files.append(relative)
                    case .other, nil: break
                    }
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
}
