import Foundation
import RestaurantCore

/// What the writer writes and how it names each state in its output.
enum StoreWriterState {
    /// A state of one store.
    enum Store {
        case favorites([Restaurant])
        case token(String?)

        /// `favorites 12...51`, `favorites none`, `token token-52`, `token none`.
        var line: String {
            switch self {
            case .favorites(let list):
                guard let first = list.first.flatMap(number(of:)), let last = list.last.flatMap(number(of:)) else { return "favorites none" }
                return "favorites \(first)...\(last)"
            case .token(let token):
                return "token \(token ?? "none")"
            }
        }
    }

    /// The favorites list never grows past this, so every write is about the same size.
    static let favoritesKept = 40

    /// Restaurant number `n`: sizeable (photos, address), so that writes take a while to kill.
    static func restaurant(_ n: Int) -> Restaurant {
        Restaurant(
            id: RestaurantID(provider: .yelp, value: "writer-\(n)"), name: "Restaurant \(n)", categories: ["Pizza", "Bars", "Cafes"],
            rating: Double(n % 9) / 2 + 1, reviewCount: n * 7,
            addressLines: ["\(n) Market Street", "Suite \(n % 300)", "San Francisco, CA 94103"],
            phone: "+1415555\(String(format: "%04d", n % 10_000))", coordinate: Coordinate(latitude: 37.7749, longitude: -122.4194),
            imageURL: URL(string: "https://s3-media1.fl.yelpcdn.com/bphoto/writer-\(n)/o.jpg"),
            photoURLs: (1...3).compactMap { URL(string: "https://s3-media\($0).fl.yelpcdn.com/bphoto/writer-\(n)-\($0)/o.jpg") },
            webURL: URL(string: "https://www.yelp.com/biz/writer-\(n)"))
    }

    /// `n` of a restaurant the writer made.
    static func number(of restaurant: Restaurant) -> Int? {
        Int(restaurant.id.value.dropFirst("writer-".count))
    }

    /// Prints `writing STATE`, runs `write`, prints `committed STATE`.
    static func write(_ state: Store, _ write: () async throws -> Void) async throws {
        announce("writing \(state.line)")
        try await write()
        announce("committed \(state.line)")
    }

    /// One line straight to the pipe (no stdio buffer), so a kill cannot lose a printed line.
    private static func announce(_ line: String) {
        FileHandle.standardOutput.write(Data((line + "\n").utf8))
    }
}
