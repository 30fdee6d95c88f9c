import UnderstudySupport
/// Where a fixture's body file is, relative to the fixtures root.
package enum BodyFilePath {
    /// A plain name beside a plain fixture path (`a.body.json` beside `yelp/a.json`), the
    /// usual case, without taking either apart; `nil` for anything else (`resolved` then).
    package static func relative(_ name: String, besideFixture file: String) -> String? {
        guard name != ".", name != "..", !name.containsByte(UInt8(ascii: "/")), isPlain(file) else { return nil }
        guard let slash = file.utf8.lastIndex(of: UInt8(ascii: "/")) else { return name }
        return String(joiningPath: String(file[..<slash]), name)
    }

    /// Whether `path` is ASCII pieces joined by single slashes, none empty.
    private static func isPlain(_ path: String) -> Bool {
        path.withContiguousUTF8 { bytes in
            var previous = UInt8(ascii: "/")
            for byte in bytes {
                if byte >= 0x80 || (byte == UInt8(ascii: "/") && previous == byte) { return false }
                previous = byte
            }
            return previous != UInt8(ascii: "/")
        }
    }

    /// `name` resolved against the fixture's folder, `.` and `..` by hand; `nil` when it
    /// leaves the fixtures root.
    package static func resolved(_ name: String, besideFixture file: String) -> String? {
        var components = file.pieces(separatedBy: "/").dropLast()
        for component in name.pieces(separatedBy: "/") where component != "." {
            if component == ".." {
                guard !components.isEmpty else { return nil }
                components.removeLast()
            } else {
                components.append(component)
            }
        }
        return components.joined(separator: "/")
    }
}
