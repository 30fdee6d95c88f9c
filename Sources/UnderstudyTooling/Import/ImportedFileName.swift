import UnderstudyFixtures
import UnderstudyContracts
import UnderstudySupport
/// File names for imported fixtures: `get-v3-businesses-search-1a2b3c4d`, readable and stable.
///
/// The same request always gets the same name, across runs and machines, so re-importing a
/// recording overwrites its fixtures instead of adding copies.
enum ImportedFileName {
    /// The longest slug kept from the path.
    static let maximumSlugLength = 60

    /// `<method lower-cased>-<path slug>-<8 hex digits>`, the digits a stable hash of `requestKey`.
    static func base(method: String, path: String, requestKey: String) -> String {
        "\(method.lowercased())-\(slug(path))-\(hex32(StableHash.fnv1a64(requestKey.utf8)))"
    }

    /// The path's segments joined by `-`: every run of characters other than ASCII letters and
    /// digits becomes one `-`, with none at either end, cut to 60 characters; `root` for `/`.
    static func slug(_ path: String) -> String {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(min(path.utf8.count, maximumSlugLength))
        var pendingDash = false
        for byte in path.utf8 {
            let isAlphanumeric = (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte)
                || (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte)
                || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte)
            if !isAlphanumeric {
                pendingDash = !bytes.isEmpty
                continue
            }
            if bytes.count + (pendingDash ? 2 : 1) > maximumSlugLength { break }
            if pendingDash { bytes.append(UInt8(ascii: "-")) }
            pendingDash = false
            bytes.append(byte)
        }
        return bytes.isEmpty ? "root" : String(decoding: bytes, as: UTF8.self)
    }

    /// The 64-bit hash folded to 32 bits, as 8 lower-case hex digits.
    static func hex32(_ hash: UInt64) -> String {
        let folded = UInt32(truncatingIfNeeded: hash ^ (hash >> 32))
        let digits = String(folded, radix: 16)
        return String(repeating: "0", count: 8 - digits.count) + digits
    }
}
