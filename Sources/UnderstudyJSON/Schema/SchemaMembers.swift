import UnderstudySupport
/// A schema object's members, with a one-word summary of the names it holds.
///
/// The compiler asks every schema object for some forty keywords, most of them absent, and
/// hashing each into the dictionary showed as a quarter of loading the provider packs. A keyword
/// whose bit (`NameBits`) is not in the summary is absent without a lookup (the bundled packs
/// then load in 7.5 ms instead of 8.7 ms). The keywords are ASCII, so a member spelled with
/// other bytes can never be one of them.
package struct SchemaMembers {
    package let all: [String: JSONValue]
    private let names: UInt64

    package init(_ all: [String: JSONValue]) {
        self.all = all
        names = all.keys.reduce(0) { $0 | NameBits.of($1) }
    }

    package subscript(keyword: String) -> JSONValue? {
        NameBits.of(keyword) & names == 0 ? nil : all[keyword]
    }

    package var keys: Dictionary<String, JSONValue>.Keys { all.keys }
}
