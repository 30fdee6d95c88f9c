import Testing
@testable import UnderstudyCore
@testable import UnderstudyFixtures

/// How an answer unfolds, decided once for both transports: the fault first, a dribble only
/// where there is a body to send, the cuts and the interval from the fixture's dribble.
@Suite struct PlaybackTests {
    static let dribble = Dribble(duration: 2, chunks: 5)
    static let body = Array("0123456789".utf8)

    @Test func aFaultIsPlayedInsteadOfTheAnswerAfterTheDelay() {
        let playback = Playback(Response(status: 200, body: Self.body, fault: .reset, delay: 1.5, dribble: Self.dribble), omitBody: false)
        #expect(playback.delay == 1.5)
        #expect(playback.delivery == .fault(.reset))
    }

    @Test func aDribbleCutsTheBodyIntoPiecesSpreadOverItsDuration() {
        let playback = Playback(Response(status: 200, body: Self.body, dribble: Self.dribble), omitBody: false)
        #expect(playback.delivery == .pieces([0..<2, 2..<4, 4..<6, 6..<8, 8..<10], interval: 0.5))
    }

    @Test func withoutABodyToSendTheAnswerGoesWhole() {
        #expect(Playback(Response(status: 200, body: Self.body, dribble: Self.dribble), omitBody: true).delivery == .whole)
        #expect(Playback(Response(status: 204, dribble: Self.dribble), omitBody: false).delivery == .whole)
        #expect(Playback(Response(status: 200, body: Self.body), omitBody: false).delivery == .whole)
    }
}
