extension String {
    /// The non-empty pieces between `separator`s: exactly what `split(separator:)` gives.
    ///
    /// `split` walks grapheme clusters, which was 13 % of loading ten thousand fixtures (the
    /// fixture's folder, its body file's path and extension). ASCII text is split on its UTF-8
    /// bytes instead, where a byte is a cluster; other text, where a separator may be part of
    /// a cluster (`/` followed by a combining mark), keeps `split`.
    package func pieces(separatedBy separator: Unicode.Scalar) -> [Substring] {
        precondition(separator.isASCII, "pieces(separatedBy:) splits on an ASCII separator")
        guard isASCII else { return split(separator: Character(separator)) }
        return utf8.split(separator: UInt8(separator.value)).map { Substring($0) }
    }

    /// `pieces(separatedBy:)`'s first piece when there is more than one, without making the
    /// rest: a fixture file's provider folder.
    package func firstOfSeveralPieces(separatedBy separator: Unicode.Scalar) -> Substring? {
        guard isASCII else {
            let all = pieces(separatedBy: separator)
            return all.count > 1 ? all[0] : nil
        }
        let byte = UInt8(separator.value)
        guard let start = utf8.firstIndex(where: { $0 != byte }) else { return nil }
        let end = utf8[start...].firstIndex(of: byte) ?? utf8.endIndex
        guard utf8[end...].contains(where: { $0 != byte }) else { return nil }
        return self[start..<end]
    }

    /// `pieces(separatedBy:)`'s last piece, without making the others: a file's extension.
    package func lastPiece(separatedBy separator: Unicode.Scalar) -> Substring? {
        guard isASCII else { return pieces(separatedBy: separator).last }
        let byte = UInt8(separator.value)
        guard let last = utf8.lastIndex(where: { $0 != byte }) else { return nil }
        let end = utf8.index(after: last)
        let start = utf8[..<end].lastIndex(of: byte).map { utf8.index(after: $0) } ?? utf8.startIndex
        return self[start..<end]
    }

    /// `folder + "/" + name` in one allocation: chained `+` made two, for every file of a
    /// 10,000-fixture tree at every start.
    package init(joiningPath folder: String, _ name: String) {
        self = folder
        reserveCapacity(folder.utf8.count + 1 + name.utf8.count)
        append("/")
        append(name)
    }
}
