import UnderstudySupport
/// The strings of a snapshot, each stored once: fixtures repeat header names and values,
/// providers and parameter names thousands of times, and a string read once is shared.
package final class SnapshotStrings {
    package private(set) var table: [String] = []

    package init() {}
    private var indices: [String: Int] = [:]
    /// Answers' header lists, each stored once (their strings in `table`): most fixtures of a
    /// provider send the same few headers, and a list read once is one reference to share,
    /// where its strings were a reference each, counted from every core decoding the snapshot.
    package private(set) var headerLists: [[HeaderField]] = []
    private var headerListIndices: [[HeaderField]: Int] = [:]

    package func index(of text: String) -> Int {
        if let index = indices[text] { return index }
        indices[text] = table.count
        table.append(text)
        return table.count - 1
    }

    /// The index of `headers` in `headerLists`, its names and values put in `table` at once:
    /// the table is written before the lists that name its strings.
    package func index(ofHeaders headers: [HeaderField]) -> Int {
        if let index = headerListIndices[headers] { return index }
        for header in headers {
            _ = index(of: header.name)
            _ = index(of: header.value)
        }
        headerListIndices[headers] = headerLists.count
        headerLists.append(headers)
        return headerLists.count - 1
    }
}

/// Writes the fixture snapshot's binary form: integers as 8 little-endian bytes, byte runs as
/// their length and bytes, strings as their index in the snapshot's `SnapshotStrings`.
package struct SnapshotWriter {
    package private(set) var bytes: [UInt8] = []
    package let strings: SnapshotStrings

    package init(strings: SnapshotStrings) {
        self.strings = strings
    }

    package mutating func int(_ value: Int) { uint64(UInt64(bitPattern: Int64(value))) }

    package mutating func uint64(_ value: UInt64) {
        withUnsafeBytes(of: value.littleEndian) { bytes.append(contentsOf: $0) }
    }

    package mutating func double(_ value: Double) { uint64(value.bitPattern) }

    package mutating func bool(_ value: Bool) { bytes.append(value ? 1 : 0) }

    /// Appends what another writer of the same strings wrote.
    package mutating func append(_ written: [UInt8]) { bytes.append(contentsOf: written) }

    package mutating func string(_ value: String) { int(strings.index(of: value)) }

    /// A header list, as its index in the snapshot's `SnapshotStrings.headerLists`.
    package mutating func headers(_ value: [HeaderField]) { int(strings.index(ofHeaders: value)) }

    /// The snapshot's strings, each as its bytes (written after every record that names them).
    package mutating func stringTable() {
        int(strings.table.count)
        for text in strings.table { literal(text) }
    }

    /// The snapshot's header lists, each as its length and its names' and values' strings.
    package mutating func headerLists() {
        int(strings.headerLists.count)
        for list in strings.headerLists {
            int(list.count)
            for header in list {
                string(header.name)
                string(header.value)
            }
        }
    }

    package mutating func optionalString(_ value: String?) {
        bool(value != nil)
        if let value { string(value) }
    }

    package mutating func optionalDouble(_ value: Double?) {
        bool(value != nil)
        if let value { double(value) }
    }

    /// A string stored as its bytes, not through the table (the table's own entries).
    package mutating func literal(_ value: String) { data(Array(value.utf8)) }

    package mutating func data(_ value: [UInt8]) {
        int(value.count)
        bytes.append(contentsOf: value)
    }

    /// The checksum of everything written so far, appended: a reader refuses a snapshot whose
    /// bytes changed after writing.
    package mutating func seal() { uint64(SnapshotReader.checksum(bytes[...])) }
}

/// Reads what `SnapshotWriter` wrote, checking every length and index against what is there:
/// a corrupt or foreign snapshot is refused with `SnapshotReader.Corrupt`, never trusted or
/// crashed on.
package struct SnapshotReader {
    package struct Corrupt: Error {}

    private let bytes: ArraySlice<UInt8>
    private var offset: Int
    /// The snapshot's strings, once read: `string()` returns entries of it.
    package var strings: [String] = []
    /// The snapshot's header lists, once read: `headers()` returns entries of it.
    package var headerLists: [[HeaderField]] = []

    /// A reader of `bytes` when their trailing checksum holds; `nil` otherwise.
    package init?(sealed bytes: [UInt8]) {
        guard bytes.count >= 8 else { return nil }
        let body = bytes[..<(bytes.count - 8)]
        var trailer = SnapshotReader(bytes[(bytes.count - 8)...])
        guard let stored = try? trailer.uint64(), stored == Self.checksum(body) else { return nil }
        self.init(body)
    }

    /// A reader of part of a snapshot already checked, such as one fixture's record.
    package init(_ bytes: ArraySlice<UInt8>, strings: [String] = [], headerLists: [[HeaderField]] = []) {
        self.bytes = bytes
        offset = bytes.startIndex
        self.strings = strings
        self.headerLists = headerLists
    }

    package var isAtEnd: Bool { offset == bytes.endIndex }

    package mutating func uint64() throws(Corrupt) -> UInt64 {
        guard bytes.endIndex - offset >= 8 else { throw Corrupt() }
        var value: UInt64 = 0
        for shift in stride(from: 0, to: 64, by: 8) {
            value |= UInt64(bytes[offset]) << UInt64(shift)
            offset += 1
        }
        return value
    }

    package mutating func int() throws(Corrupt) -> Int { Int(Int64(bitPattern: try uint64())) }

    /// A count of items still to read, each taking at least one byte: a corrupt count cannot
    /// make the reader allocate more than the snapshot holds.
    package mutating func count() throws(Corrupt) -> Int {
        let value = try int()
        guard value >= 0, value <= bytes.endIndex - offset else { throw Corrupt() }
        return value
    }

    package mutating func double() throws(Corrupt) -> Double { Double(bitPattern: try uint64()) }

    package mutating func bool() throws(Corrupt) -> Bool {
        guard offset < bytes.endIndex, bytes[offset] <= 1 else { throw Corrupt() }
        defer { offset += 1 }
        return bytes[offset] == 1
    }

    package mutating func data() throws(Corrupt) -> ArraySlice<UInt8> {
        let length = try count()
        defer { offset += length }
        return bytes[offset..<(offset + length)]
    }

    package mutating func string() throws(Corrupt) -> String { strings[try stringIndex()] }

    /// The index in `strings` of the string stored next.
    package mutating func stringIndex() throws(Corrupt) -> Int {
        let index = try int()
        guard strings.indices.contains(index) else { throw Corrupt() }
        return index
    }

    package mutating func optionalString() throws(Corrupt) -> String? { try bool() ? try string() : nil }

    /// A header list `SnapshotWriter.headers` wrote.
    package mutating func headers() throws(Corrupt) -> [HeaderField] {
        let index = try int()
        guard headerLists.indices.contains(index) else { throw Corrupt() }
        return headerLists[index]
    }

    /// The strings `SnapshotWriter.stringTable` wrote, which `string()` then returns.
    package mutating func readStringTable() throws(Corrupt) {
        let count = try count()
        var table: [String] = []
        table.reserveCapacity(count)
        for _ in 0..<count { table.append(try literal()) }
        strings = table
    }

    /// The header lists `SnapshotWriter.headerLists` wrote (`strings` read first).
    package mutating func readHeaderLists() throws(Corrupt) {
        let count = try count()
        var lists: [[HeaderField]] = []
        lists.reserveCapacity(count)
        for _ in 0..<count {
            var list: [HeaderField] = []
            for _ in 0..<(try self.count()) { list.append(HeaderField(name: try string(), value: try string())) }
            lists.append(list)
        }
        headerLists = lists
    }

    package mutating func optionalDouble() throws(Corrupt) -> Double? { try bool() ? try double() : nil }

    /// A string stored by `SnapshotWriter.literal`. The checksum held, so the bytes are the
    /// valid UTF-8 that was written.
    package mutating func literal() throws(Corrupt) -> String { String(decoding: try data(), as: UTF8.self) }

    /// A 64-bit hash of `bytes`, eight at a time: cheap enough to check megabytes at startup.
    package static func checksum(_ bytes: ArraySlice<UInt8>) -> UInt64 {
        bytes.withUnsafeBytes(StableHash.words)
    }
}
