import NIOCore
import NIOHTTP1
import Testing
@testable import UnderstudyCore

@testable import UnderstudyServer

/// An event loop's encoded answers: kept the second time the same arrays come, written again
/// byte for byte as `ResponseEncoding` writes them, never kept for answers that differ per
/// request, and kept only while the budget lasts.
@Suite("Encoded answers")
struct EncodedAnswersTests {
    static let allocator = ByteBufferAllocator()
    static let fields = [HeaderField(name: "Content-Type", value: "application/json")]
    static let body = Array(#"{"businesses": []}"#.utf8)

    static func encodedTwice(_ answers: EncodedAnswers, _ response: Response, version: HTTPVersion = .http1_1, closing: Bool = false, omitBody: Bool = false) -> [ByteBuffer] {
        (0..<3).map { _ in answers.encoded(response, version: version, closing: closing, omitBody: omitBody, allocator: allocator).joined }
    }

    @Test func theSameArraysAreKeptTheSecondTimeAndWrittenAsEncoded() {
        let answers = EncodedAnswers()
        let response = Response(status: 200, headers: Self.fields, body: Self.body)
        for (version, closing, omitBody) in [(HTTPVersion.http1_1, false, false), (.http1_0, true, false), (.http1_1, false, true), (.http1_1, true, false)] {
            let direct = ResponseEncoding.encode(response, version: version, closing: closing, omitBody: omitBody, allocator: Self.allocator)
            #expect(Self.encodedTwice(answers, response, version: version, closing: closing, omitBody: omitBody).allSatisfy { $0 == direct })
        }
        #expect(answers.keptCount == 4, "one per version, closing and HEAD")
        var other = response
        other.status = 404
        #expect(answers.encoded(other, version: .http1_1, closing: false, omitBody: false, allocator: Self.allocator).joined
            == ResponseEncoding.encode(other, version: .http1_1, closing: false, omitBody: false, allocator: Self.allocator))
        #expect(answers.keptCount == 4, "a status once is not kept")
    }

    /// Bodies made anew per request, as a template makes them: each of the same length and
    /// different bytes, each freed before the next is made, so the next may take its memory.
    /// An array seen once is not held, so a key can come back with other bytes; one that is kept
    /// is held, so its memory is not reused. Every answer is its own bytes either way.
    @Test func arraysMadeAnewAreWrittenAsTheyAre() {
        let answers = EncodedAnswers()
        for round in 0..<64 {
            let response = Response(status: 200, headers: Self.fields, body: Self.body + [UInt8(round)])
            let direct = ResponseEncoding.encode(response, version: .http1_1, closing: false, omitBody: false, allocator: Self.allocator)
            #expect(answers.encoded(response, version: .http1_1, closing: false, omitBody: false, allocator: Self.allocator).joined == direct, "round \(round)")
        }
    }

    @Test func dribblesAndFaultsAreAlwaysEncoded() {
        let answers = EncodedAnswers()
        var dribbled = Response(status: 200, headers: Self.fields, body: Self.body)
        dribbled.dribble = Dribble(duration: 1, chunks: 2)
        var faulty = Response(status: 200, headers: Self.fields, body: Self.body)
        faulty.fault = .reset
        for response in [dribbled, faulty] {
            let direct = ResponseEncoding.encode(response, version: .http1_1, closing: false, omitBody: false, allocator: Self.allocator)
            #expect(Self.encodedTwice(answers, response).allSatisfy { $0 == direct })
        }
        #expect(answers.keptCount == 0)
    }

    /// A counted answer: the fixture's arrays, with rate-limit fields new on every request
    /// replacing one of its own (named in another case) and following the others. Kept cut
    /// around them, every answer is what `ResponseEncoding` writes with that request's values,
    /// for every version, closing and HEAD.
    @Test func countedAnswersAreKeptCutAroundTheirReplacements() {
        let own = Self.fields + [HeaderField(name: "ratelimit-remaining", value: "recorded"), HeaderField(name: "X-Routing-Service", value: "routing-main")]
        let answers = EncodedAnswers()
        for (version, closing, omitBody) in [(HTTPVersion.http1_1, false, false), (.http1_0, true, false), (.http1_1, false, true), (.http1_1, true, false)] {
            for remaining in (4_990...4_999).reversed() {
                var counted = Response(status: 200, headers: own, body: Self.body)
                // A value with a line break (one round) and a name that may not be sent are left out.
                counted.replaceHeaders(with: [
                    HeaderField(name: "RateLimit-DailyLimit", value: "5000"),
                    HeaderField(name: "RateLimit-Remaining", value: remaining == 4_995 ? "1\r\nX-Injected: 1" : String(remaining)),
                    HeaderField(name: "Connection", value: "upgrade"),
                ])
                let direct = ResponseEncoding.encode(counted, version: version, closing: closing, omitBody: omitBody, allocator: Self.allocator)
                let written = answers.encoded(counted, version: version, closing: closing, omitBody: omitBody, allocator: Self.allocator)
                #expect(written.joined == direct, "\(version) closing \(closing) HEAD \(omitBody), remaining \(remaining)")
                #expect(written.kept == nil, "a small rest is joined")
            }
        }
        #expect(answers.keptCount == 4, "one per version, closing and HEAD")
    }

    /// A counted answer whose rest (framing and body) is large is written as two buffers, the
    /// rest shared: together they are the bytes `ResponseEncoding` writes. A HEAD answer's
    /// rest is small, and joined.
    @Test func largeCountedAnswersShareTheirRest() {
        let body = [UInt8](repeating: 0x61, count: EncodedAnswers.sharedRestBytes)
        let answers = EncodedAnswers()
        for (version, closing, omitBody) in [(HTTPVersion.http1_1, false, false), (.http1_0, true, false), (.http1_1, false, true)] {
            var rests: [ByteBuffer] = []
            for remaining in (4_995...4_999).reversed() {
                var counted = Response(status: 200, headers: Self.fields, body: body)
                counted.replaceHeaders(with: [HeaderField(name: "RateLimit-Remaining", value: String(remaining))])
                let direct = ResponseEncoding.encode(counted, version: version, closing: closing, omitBody: omitBody, allocator: Self.allocator)
                let written = answers.encoded(counted, version: version, closing: closing, omitBody: omitBody, allocator: Self.allocator)
                #expect(written.joined == direct, "\(version) closing \(closing) HEAD \(omitBody), remaining \(remaining)")
                #expect((written.kept != nil) == (remaining < 4_998 && !omitBody))
                if let kept = written.kept { rests.append(kept) }
            }
            #expect(rests.allSatisfy { $0.readableBytesView.withUnsafeBytes { $0.baseAddress } == rests[0].readableBytesView.withUnsafeBytes { $0.baseAddress } })
        }
    }

    /// Replacements of other names than those an answer was cut around leave other own fields:
    /// such an answer is encoded whole, as its own.
    @Test func otherReplacementsOfAKeptCutAreEncodedWhole() {
        let own = Self.fields + [HeaderField(name: "Retry-After", value: "1")]
        let answers = EncodedAnswers()
        for names in [["RateLimit-Remaining"], ["RateLimit-Remaining"], ["Retry-After"], ["RateLimit-Remaining", "Retry-After"], ["RateLimit-Remaining"]] {
            var counted = Response(status: 200, headers: own, body: Self.body)
            counted.replaceHeaders(with: names.map { HeaderField(name: $0, value: "2") })
            let direct = ResponseEncoding.encode(counted, version: .http1_1, closing: false, omitBody: false, allocator: Self.allocator)
            #expect(answers.encoded(counted, version: .http1_1, closing: false, omitBody: false, allocator: Self.allocator).joined == direct, "\(names)")
        }
        #expect(answers.keptCount == 1)
    }

    @Test func onlyWhatTheBudgetHoldsIsKept() {
        let small = Response(status: 200, headers: Self.fields, body: Self.body)
        let large = Response(status: 200, headers: Self.fields, body: [UInt8](repeating: 0x61, count: 100_000))
        let answers = EncodedAnswers(budget: 64 << 10)
        _ = Self.encodedTwice(answers, large)
        _ = Self.encodedTwice(answers, small)
        #expect(answers.keptCount == 1, "the large answer does not fit; the small one does")
        let none = EncodedAnswers(budget: 0)
        _ = Self.encodedTwice(none, small)
        #expect(none.keptCount == 0)
    }
}

extension EncodedAnswers.Encoded {
    /// The answer's bytes in one buffer, as the socket gets them.
    var joined: ByteBuffer {
        guard let kept else { return bytes }
        var joined = bytes
        joined.writeImmutableBuffer(kept)
        return joined
    }
}
