import Foundation
import NIOCore
import NIOHTTP1
import NIOPosix

// usage: nio-floor PORT ROOT [--raw] — ROOT/<path>/index holds the body answered for <path>.
// With --raw the requests' bytes are read by RawFloorHandler instead of NIO's HTTP decoder:
// the floor of a server that reads its plain requests itself, as `understudy serve` does.

/// Answers every complete request with the pre-encoded response for its path, or a 404.
final class FloorHandler: ChannelInboundHandler, Sendable {
    typealias InboundIn = HTTPServerRequestPart
    typealias OutboundOut = ByteBuffer

    let answers: [String: ByteBuffer]
    let notFound: ByteBuffer

    init(answers: [String: ByteBuffer], notFound: ByteBuffer) {
        self.answers = answers
        self.notFound = notFound
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        // The head carries the path; a GET's end follows it in the same read.
        guard case .head(let head) = unwrapInboundIn(data) else { return }
        let path = head.uri.split(separator: "?", maxSplits: 1).first.map(String.init) ?? head.uri
        context.writeAndFlush(wrapOutboundOut(answers[path] ?? notFound), promise: nil)
    }
}

/// The same, reading the request's bytes itself: no HTTP decoder, only GETs without bodies
/// (what the mix sends); a request is its bytes up to the blank line.
final class RawFloorHandler: ChannelInboundHandler {
    typealias InboundIn = ByteBuffer
    typealias OutboundOut = ByteBuffer

    let answers: [String: ByteBuffer]
    let notFound: ByteBuffer
    var pending: ByteBuffer?

    init(answers: [String: ByteBuffer], notFound: ByteBuffer) {
        self.answers = answers
        self.notFound = notFound
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        var incoming = unwrapInboundIn(data)
        if var kept = pending { kept.writeBuffer(&incoming); incoming = kept; pending = nil }
        while let answer = nextAnswer(&incoming) {
            context.writeAndFlush(wrapOutboundOut(answer), promise: nil)
        }
        if incoming.readableBytes > 0 { pending = incoming }
    }

    private func nextAnswer(_ buffer: inout ByteBuffer) -> ByteBuffer? {
        buffer.withUnsafeReadableBytes { bytes -> (Int, ByteBuffer)? in
            let n = bytes.count
            guard n >= 4 else { return nil }
            var end = -1
            var i = 3
            while i < n {
                if bytes[i] == 10, bytes[i - 1] == 13, bytes[i - 2] == 10, bytes[i - 3] == 13 { end = i + 1; break }
                i += 1
            }
            guard end > 0 else { return nil }
            var start = 0
            while start < end, bytes[start] != 32 { start += 1 }
            start += 1
            var stop = start
            while stop < end, bytes[stop] != 32, bytes[stop] != 63 { stop += 1 }
            let path = String(decoding: UnsafeRawBufferPointer(rebasing: bytes[start..<stop]), as: UTF8.self)
            return (end, answers[path] ?? notFound)
        }.map { consumed, answer in
            buffer.moveReaderIndex(forwardBy: consumed)
            return answer
        }
    }
}

func encoded(status: String, body: [UInt8]) -> ByteBuffer {
    var buffer = ByteBufferAllocator().buffer(capacity: body.count + 128)
    buffer.writeString("HTTP/1.1 \(status)\r\nContent-Type: application/json\r\nContent-Length: \(body.count)\r\n\r\n")
    buffer.writeBytes(body)
    return buffer
}

let arguments = CommandLine.arguments
guard arguments.count >= 3, let port = Int(arguments[1]) else {
    FileHandle.standardError.write(Data("usage: nio-floor PORT ROOT [--raw]\n".utf8))
    exit(2)
}
let raw = arguments.dropFirst(3).contains("--raw")
let root = URL(fileURLWithPath: arguments[2]).standardizedFileURL.path
var answers: [String: ByteBuffer] = [:]
for case let file as String in FileManager.default.enumerator(atPath: root) ?? NSEnumerator() where file.hasSuffix("/index") {
    let body = try [UInt8](Data(contentsOf: URL(fileURLWithPath: root + "/" + file)))
    answers["/" + String(file.dropLast("/index".count))] = encoded(status: "200 OK", body: body)
}
let notFound = encoded(status: "404 Not Found", body: Array("{}".utf8))
let group = MultiThreadedEventLoopGroup(numberOfThreads: System.coreCount)
let handler = FloorHandler(answers: answers, notFound: notFound)
let byPath = answers  // a constant, for the channel initializer
let channel = try ServerBootstrap(group: group)
    .serverChannelOption(.backlog, value: 1024)
    .serverChannelOption(.socketOption(.so_reuseaddr), value: 1)
    .childChannelOption(.socketOption(.tcp_nodelay), value: 1)
    .childChannelOption(.maxMessagesPerRead, value: 16)
    .childChannelInitializer { channel in
        channel.eventLoop.makeCompletedFuture {
            // No response encoder: answers are bytes.
            if raw {
                try channel.pipeline.syncOperations.addHandler(RawFloorHandler(answers: byPath, notFound: notFound))
            } else {
                // The decoder `understudy serve` hands requests that are not plain to.
                try channel.pipeline.syncOperations.addHandler(ByteToMessageHandler(HTTPRequestDecoder(leftOverBytesStrategy: .dropBytes)))
                try channel.pipeline.syncOperations.addHandler(handler)
            }
        }
    }
    .bind(host: "127.0.0.1", port: port).wait()
print("nio-floor: \(answers.count) paths on port \(port)\(raw ? ", raw" : "")")
try channel.closeFuture.wait()
