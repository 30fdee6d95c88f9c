import Foundation
import NIOCore
import NIOHTTP1
import NIOPosix

// usage: nio-floor PORT ROOT — ROOT/<path>/index holds the body answered for <path>.

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

func encoded(status: String, body: [UInt8]) -> ByteBuffer {
    var buffer = ByteBufferAllocator().buffer(capacity: body.count + 128)
    buffer.writeString("HTTP/1.1 \(status)\r\nContent-Type: application/json\r\nContent-Length: \(body.count)\r\n\r\n")
    buffer.writeBytes(body)
    return buffer
}

let arguments = CommandLine.arguments
guard arguments.count == 3, let port = Int(arguments[1]) else {
    FileHandle.standardError.write(Data("usage: nio-floor PORT ROOT\n".utf8))
    exit(2)
}
let root = URL(fileURLWithPath: arguments[2]).standardizedFileURL.path
var answers: [String: ByteBuffer] = [:]
for case let file as String in FileManager.default.enumerator(atPath: root) ?? NSEnumerator() where file.hasSuffix("/index") {
    let body = try [UInt8](Data(contentsOf: URL(fileURLWithPath: root + "/" + file)))
    answers["/" + String(file.dropLast("/index".count))] = encoded(status: "200 OK", body: body)
}
let notFound = encoded(status: "404 Not Found", body: Array("{}".utf8))
let group = MultiThreadedEventLoopGroup(numberOfThreads: System.coreCount)
let handler = FloorHandler(answers: answers, notFound: notFound)
let channel = try ServerBootstrap(group: group)
    .serverChannelOption(.backlog, value: 1024)
    .serverChannelOption(.socketOption(.so_reuseaddr), value: 1)
    .childChannelOption(.socketOption(.tcp_nodelay), value: 1)
    .childChannelOption(.maxMessagesPerRead, value: 16)
    .childChannelInitializer { channel in
        // The same decoder as `understudy serve`, and no response encoder: answers are bytes.
        channel.eventLoop.makeCompletedFuture {
            try channel.pipeline.syncOperations.addHandler(ByteToMessageHandler(HTTPRequestDecoder(leftOverBytesStrategy: .dropBytes)))
            try channel.pipeline.syncOperations.addHandler(handler)
        }
    }
    .bind(host: "127.0.0.1", port: port).wait()
print("nio-floor: \(answers.count) paths on port \(port)")
try channel.closeFuture.wait()
