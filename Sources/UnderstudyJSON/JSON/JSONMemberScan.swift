import UnderstudySupport
/// Reads a few members of a JSON object without building the rest: the values of the wanted
/// top-level members are parsed, every other value is skipped byte by byte. The responder
/// reads a page token or an issued token from answers of tens of kilobytes on every request;
/// building the whole document for one string cost more than the rest of the answer.
package enum JSONMemberScan {
    /// The wanted top-level members of `bytes`, or nil when `bytes` is not a JSON object (the
    /// caller then treats the answer as carrying none). A value that fails to parse is left out.
    package static func members(_ names: Set<String>, of bytes: [UInt8]) -> [String: JSONValue]? {
        var scanner = Scanner(bytes: bytes)
        guard scanner.skipSpace(), scanner.take(UInt8(ascii: "{")) else { return nil }
        var found: [String: JSONValue] = [:]
        guard scanner.skipSpace() else { return nil }
        if scanner.take(UInt8(ascii: "}")) { return found }
        while true {
            guard scanner.skipSpace(), let key = scanner.keyRange(), scanner.skipSpace(), scanner.take(UInt8(ascii: ":")),
                scanner.skipSpace()
            else { return nil }
            let valueStart = scanner.index
            guard scanner.skipValue() else { return nil }
            let name = String(decoding: bytes[key], as: UTF8.self)
            if names.contains(name), let value = try? JSONParser.parse(bytes[valueStart..<scanner.index]) {
                found[name] = value
                if found.count == names.count { return found }
            }
            guard scanner.skipSpace() else { return nil }
            if scanner.take(UInt8(ascii: ",")) { continue }
            return scanner.take(UInt8(ascii: "}")) ? found : nil
        }
    }

    private struct Scanner {
        package let bytes: [UInt8]
        package var index = 0

        /// Skips whitespace; false at the end of the input.
        package mutating func skipSpace() -> Bool {
            while index < bytes.count, [0x20, 0x09, 0x0A, 0x0D].contains(bytes[index]) { index += 1 }
            return index < bytes.count
        }

        package mutating func take(_ byte: UInt8) -> Bool {
            guard index < bytes.count, bytes[index] == byte else { return false }
            index += 1
            return true
        }

        /// A member name's raw bytes (between the quotes). Names with escapes are compared as
        /// written, which no wanted name has.
        package mutating func keyRange() -> Range<Int>? {
            guard take(UInt8(ascii: "\"")) else { return nil }
            let start = index
            guard skipStringBody() else { return nil }
            return start..<(index - 1)
        }

        /// Past the closing quote of a string whose opening quote was taken.
        package mutating func skipStringBody() -> Bool {
            while index < bytes.count {
                switch bytes[index] {
                case UInt8(ascii: "\\"): index += 2
                case UInt8(ascii: "\""):
                    index += 1
                    return true
                default: index += 1
                }
            }
            return false
        }

        /// Past one value of any kind, nested ones included, without building it.
        package mutating func skipValue() -> Bool {
            guard index < bytes.count else { return false }
            switch bytes[index] {
            case UInt8(ascii: "\""):
                index += 1
                return skipStringBody()
            case UInt8(ascii: "{"), UInt8(ascii: "["):
                var depth = 0
                while index < bytes.count {
                    switch bytes[index] {
                    case UInt8(ascii: "\""):
                        index += 1
                        guard skipStringBody() else { return false }
                        continue
                    case UInt8(ascii: "{"), UInt8(ascii: "["): depth += 1
                    case UInt8(ascii: "}"), UInt8(ascii: "]"):
                        depth -= 1
                        if depth == 0 {
                            index += 1
                            return true
                        }
                    default: break
                    }
                    index += 1
                }
                return false
            default:
                let start = index
                while index < bytes.count, ![UInt8(ascii: ","), UInt8(ascii: "}"), UInt8(ascii: "]"), 0x20, 0x09, 0x0A, 0x0D].contains(bytes[index]) {
                    index += 1
                }
                return index > start
            }
        }
    }
}
