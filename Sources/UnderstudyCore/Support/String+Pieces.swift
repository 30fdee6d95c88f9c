extension String {
    /// The non-empty pieces between `separator`s: exactly what `split(separator:)` gives.
    ///
    /// `split` walks grapheme clusters, which was 13 % of loading ten thousand fixtures (the
    /// fixture's folder, its body file's path and extension). ASCII text is split on its UTF-8
    /// bytes instead, where a byte is a cluster; other text, where a separator may be part of
    /// a cluster (`/` followed by a combining mark), keeps `split`.
    func pieces(separatedBy separator: Unicode.Scalar) -> [Substring] {
        precondition(separator.isASCII, "pieces(separatedBy:) splits on an ASCII separator")
        guard utf8.allSatisfy({ $0 < 0x80 }) else { return split(separator: Character(separator)) }
        return utf8.split(separator: UInt8(separator.value)).map { Substring($0) }
    }

    /// `folder + "/" + name` in one allocation: chained `+` made two, for every file of a
    /// 10,000-fixture tree at every start.
    init(joiningPath folder: String, _ name: String) {
        self = folder
        reserveCapacity(folder.utf8.count + 1 + name.utf8.count)
        append("/")
        append(name)
    }
}
