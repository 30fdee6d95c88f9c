import NIOCore
import NIOHTTP1
import Testing
import UnderstudyCore
import UnderstudyFixtures

@testable import UnderstudyServer

/// One test per rule of a connection, without a socket: events in, actions out.
@Suite("Connection state machine")
struct ConnectionStateMachineTests {
    typealias Machine = ConnectionStateMachine

    private static func machine(maximumBodySize: Int = 1024, queued: Int = 8, perTurn: Int = 16) -> Machine {
        Machine(maximumBodySize: maximumBodySize, maximumQueuedRequests: queued, answersPerTurn: perTurn)
    }

    private static func head(_ uri: String, version: HTTPVersion = .http1_1, connection: String? = nil) -> RequestHead {
        RequestHead(HTTPRequestHead(version: version, method: .GET, uri: uri, headers: HTTPHeaders(connection.map { [("Connection", $0)] } ?? [])))
    }

    /// Reads a whole request and returns what the machine says.
    @discardableResult
    private static func request(_ uri: String, on machine: inout Machine, version: HTTPVersion = .http1_1, connection: String? = nil) -> Machine.Action {
        machine.receivedHead(head(uri, version: version, connection: connection))
        return machine.receivedEnd()
    }

    private static func received(_ action: Machine.Action) -> Machine.Received? {
        if case .answer(let received) = action { return received }
        return nil
    }

    /// `#expect` cannot take a mutating call on the machine; its result is checked here.
    private func check<Value: Equatable>(_ actual: Value, is expected: Value, sourceLocation: SourceLocation = #_sourceLocation) {
        #expect(actual == expected, sourceLocation: sourceLocation)
    }

    private static let ok = Response(status: 200, body: Array("ok".utf8))

    @Test func anIdleConnectionAnswersAtOnceAndWaitsForTheNextRequest() throws {
        var machine = Self.machine()
        let received = try #require(Self.received(Self.request("/a", on: &machine)))
        #expect(received.head.uri == "/a")
        check(machine.willSend(Self.ok, for: received), is: .write(closing: false))
        check(machine.answerWritten(), is: .armDeadline)
        #expect(machine.isIdle)
    }

    @Test func withoutKeepAliveTheConnectionClosesAfterItsAnswer() throws {
        for (version, connection) in [(HTTPVersion.http1_0, nil), (.http1_1, "close")] as [(HTTPVersion, String?)] {
            var machine = Self.machine()
            let received = try #require(Self.received(Self.request("/a", on: &machine, version: version, connection: connection)))
            check(machine.willSend(Self.ok, for: received), is: .write(closing: true))
            check(machine.answerWritten(), is: .close)
        }
    }

    @Test func pipelinedRequestsAreAnsweredInTheOrderTheyCame() throws {
        var machine = Self.machine()
        let first = try #require(Self.received(Self.request("/first", on: &machine)))
        #expect(Self.request("/second", on: &machine) == .none)
        #expect(Self.request("/third", on: &machine) == .none)
        _ = machine.willSend(Self.ok, for: first)
        let second = try #require(Self.received(machine.answerWritten()))
        #expect(second.head.uri == "/second")
        _ = machine.willSend(Self.ok, for: second)
        #expect(Self.received(machine.answerWritten())?.head.uri == "/third")
    }

    @Test func requestsPipelinedAfterOneThatAsksToCloseAreNotAnswered() throws {
        var machine = Self.machine()
        let first = try #require(Self.received(Self.request("/a", on: &machine, connection: "close")))
        #expect(Self.request("/after", on: &machine) == .none)
        check(machine.willSend(Self.ok, for: first), is: .write(closing: true))
        check(machine.answerWritten(), is: .close)
    }

    @Test func aBodyPastTheLimitIsDroppedAndItsAnswerClosesTheConnection() throws {
        var machine = Self.machine(maximumBodySize: 8)
        machine.receivedHead(RequestHead(HTTPRequestHead(version: .http1_1, method: .POST, uri: "/upload")))
        machine.receivedBody(ByteBuffer(string: "12345"))
        machine.receivedBody(ByteBuffer(string: "67890"))
        let received = try #require(Self.received(machine.receivedEnd()))
        #expect(received.bodyTooLarge && received.body.isEmpty)
        check(machine.willSend(Response(status: 413), for: received), is: .write(closing: true))

        var small = Self.machine(maximumBodySize: 8)
        small.receivedHead(RequestHead(HTTPRequestHead(version: .http1_1, method: .POST, uri: "/upload")))
        small.receivedBody(ByteBuffer(string: "1234"))
        let fits = try #require(Self.received(small.receivedEnd()))
        #expect(!fits.bodyTooLarge && fits.body == Array("1234".utf8))
    }

    @Test func theDeadlineRefusesAWaitingConnectionButNotAnAnsweringOne() throws {
        var idle = Self.machine()
        check(idle.deadlinePassed(), is: .refuse(status: 408))

        var dripping = Self.machine()
        dripping.receivedHead(Self.head("/slow"))  // the rest never comes
        check(dripping.deadlinePassed(), is: .refuse(status: 408))

        var answering = Self.machine()
        Self.request("/a", on: &answering)
        check(answering.deadlinePassed(), is: .none)
    }

    @Test func readingPausesWhileTheClientDoesNotReadItsAnswers() {
        var machine = Self.machine()
        check(machine.readRequested(), is: true)
        check(machine.writabilityChanged(isWritable: false), is: .none)
        check(machine.readRequested(), is: false)
        check(machine.releaseRead(), is: false)
        _ = machine.writabilityChanged(isWritable: true)
        check(machine.releaseRead(), is: true)
        check(machine.releaseRead(), is: false)  // released once
    }

    @Test func readingPausesWhenTooManyRequestsWaitForAnswers() throws {
        var machine = Self.machine(queued: 2)
        let first = try #require(Self.received(Self.request("/0", on: &machine)))
        Self.request("/1", on: &machine)
        check(machine.readRequested(), is: true)
        Self.request("/2", on: &machine)
        check(machine.readRequested(), is: false)
        _ = machine.willSend(Self.ok, for: first)
        #expect(Self.received(machine.answerWritten())?.head.uri == "/1")
        check(machine.releaseRead(), is: true)
    }

    @Test func nothingIsAnsweredWhileTheSendBufferIsFull() throws {
        var machine = Self.machine()
        let first = try #require(Self.received(Self.request("/0", on: &machine)))
        Self.request("/1", on: &machine)
        _ = machine.writabilityChanged(isWritable: false)
        _ = machine.willSend(Self.ok, for: first)
        check(machine.answerWritten(), is: .none)
        #expect(Self.request("/2", on: &machine) == .none)
        #expect(Self.received(machine.writabilityChanged(isWritable: true))?.head.uri == "/1")
    }

    @Test func afterAFullTurnOfAnswersTheEventLoopGoesToOtherConnections() throws {
        var machine = Self.machine(perTurn: 2)
        var received = try #require(Self.received(Self.request("/0", on: &machine)))
        for index in 1...3 { Self.request("/\(index)", on: &machine) }
        _ = machine.willSend(Self.ok, for: received)
        received = try #require(Self.received(machine.answerWritten()))
        _ = machine.willSend(Self.ok, for: received)
        check(machine.answerWritten(), is: .yieldThenResume)
        #expect(Self.request("/4", on: &machine) == .none)  // queued while yielding
        check(machine.writabilityChanged(isWritable: true), is: .none)  // still yielding
        #expect(Self.received(machine.resume())?.head.uri == "/2")
    }

    @Test func requestsReadInOneBurstShareATurn() throws {
        var machine = Self.machine(perTurn: 2)
        for index in 0..<2 {
            let received = try #require(Self.received(Self.request("/\(index)", on: &machine)))
            _ = machine.willSend(Self.ok, for: received)
            check(machine.answerWritten(), is: .armDeadline)
        }
        check(Self.request("/2", on: &machine), is: .yieldThenResume)  // the turn is used up
        check(Self.received(machine.resume())?.head.uri, is: "/2")

        var reader = Self.machine(perTurn: 2)
        for index in 0..<3 {  // one request per read: each read is a turn of its own
            let received = try #require(Self.received(Self.request("/\(index)", on: &reader)))
            _ = reader.willSend(Self.ok, for: received)
            _ = reader.answerWritten()
            reader.readComplete()
        }
    }

    @Test func aFaultTakesTheConnectionOver() throws {
        var machine = Self.machine()
        let received = try #require(Self.received(Self.request("/a", on: &machine)))
        Self.request("/b", on: &machine)
        check(machine.willSend(Response(status: 200, fault: .noAnswer), for: received), is: .fault(.noAnswer))
        #expect(!machine.isReading)
        #expect(Self.request("/c", on: &machine) == .none)
        check(machine.deadlinePassed(), is: .none)
        check(machine.quiesce(), is: .close)  // a silent connection closes on shutdown
    }

    @Test func unparseableBytesAreAnsweredInTheirTurnThenTheConnectionCloses() throws {
        var machine = Self.machine()
        let first = try #require(Self.received(Self.request("/a", on: &machine)))
        check(machine.receivedUnparseable(headersTooLarge: false), is: .none)
        #expect(!machine.isReading)
        check(machine.willSend(Self.ok, for: first), is: .write(closing: false))
        check(machine.answerWritten(), is: .refuse(status: 400))

        var idle = Self.machine()
        check(idle.receivedUnparseable(headersTooLarge: true), is: .refuse(status: 431))
    }

    @Test func aHalfClosedClientGetsEveryAnswerItAskedForThenTheClose() throws {
        var machine = Self.machine()
        let first = try #require(Self.received(Self.request("/a", on: &machine)))
        Self.request("/b", on: &machine)
        check(machine.inputClosed(), is: .none)
        check(machine.willSend(Self.ok, for: first), is: .write(closing: false))
        let second = try #require(Self.received(machine.answerWritten()))
        check(machine.willSend(Self.ok, for: second), is: .write(closing: true))
        check(machine.answerWritten(), is: .close)

        var idle = Self.machine()
        check(idle.inputClosed(), is: .close)
    }

    @Test func shutdownClosesAnIdleConnectionAtOnceAndAnAnsweringOneAfterItsAnswer() throws {
        var idle = Self.machine()
        check(idle.quiesce(), is: .close)

        var answering = Self.machine()
        let received = try #require(Self.received(Self.request("/a", on: &answering)))
        check(answering.quiesce(), is: .none)
        #expect(Self.request("/late", on: &answering) == .none)  // read after the shutdown began: not answered
        check(answering.willSend(Self.ok, for: received), is: .write(closing: true))
        check(answering.answerWritten(), is: .close)
    }
}
