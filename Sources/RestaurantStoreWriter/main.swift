// restaurant-store-writer: a test helper, not part of any app. It rewrites the favorites and the
// login token in a folder, as fast as it can, so that a test can SIGKILL it in the middle of a
// write and check what RestaurantCore reads afterwards (Tests/RestaurantCoreTests/StoreKillTests).
//
//     restaurant-store-writer FOLDER [STEPS]
//
// It continues from what the folder holds. Each step adds the next restaurant to the favorites
// (dropping the oldest beyond 40) and saves token-N, or clears the token every fifth step. Around
// each write it prints, unbuffered, the state the write leads to:
//
//     writing favorites 12...51        the write has begun
//     committed favorites 12...51      the write is on disk
//     writing token token-52 / committed token none
//
// so the state on disk after a kill is the last committed one or the one being written.
// It stops after STEPS steps (default 2,000): a writer nobody kills still ends.
import Foundation
import RestaurantCore

let arguments = CommandLine.arguments
guard arguments.count >= 2, let steps = arguments.count > 2 ? Int(arguments[2]) : 2000, steps >= 0 else {
    FileHandle.standardError.write(Data("usage: restaurant-store-writer FOLDER [STEPS]\n".utf8))
    exit(64)
}
let folder = URL(fileURLWithPath: arguments[1])
let favorites = Favorites(file: folder.appendingPathComponent("favorites.json"))
let tokens = TokenStore(file: folder.appendingPathComponent("token.json"))

let favoritesProblem = await favorites.loadProblem, tokenProblem = await tokens.loadProblem
if let problem = favoritesProblem ?? tokenProblem {
    FileHandle.standardError.write(Data("restaurant-store-writer: the stores did not load: \(problem)\n".utf8))
    exit(65)
}

do {
    var next = (await favorites.all.last.flatMap { StoreWriterState.number(of: $0) } ?? 0) + 1
    for _ in 0..<steps {
        var list = await favorites.all + [StoreWriterState.restaurant(next)]
        try await StoreWriterState.write(.favorites(list)) { try await favorites.add(list.last!) }
        if list.count > StoreWriterState.favoritesKept {
            list.removeFirst()
            let oldest = await favorites.all[0].id
            try await StoreWriterState.write(.favorites(list)) { try await favorites.remove(oldest) }
        }
        if next % 5 == 0 {
            try await StoreWriterState.write(.token(nil)) { try await tokens.clear() }
        } else {
            let token = StoredToken(accessToken: "token-\(next)", expiresAt: Date(timeIntervalSince1970: 1_767_225_600 + Double(next)))
            try await StoreWriterState.write(.token(token.accessToken)) { try await tokens.save(token) }
        }
        next += 1
    }
} catch {
    FileHandle.standardError.write(Data("restaurant-store-writer: \(error)\n".utf8))
    exit(1)
}
