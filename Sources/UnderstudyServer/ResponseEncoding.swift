import NIOCore
import NIOHTTP1
import UnderstudyCore
import UnderstudyFixtures
import UnderstudySupport

/// Serialises a whole response (status line, headers, body) into one buffer, so each answer
/// is a single write and a single `writev`: measurably cheaper than NIO's part-by-part
/// encoder at tens of thousands of requests per second.
enum ResponseEncoding {
    /// How the body's end is marked.
    enum Framing {
        /// `Content-Length` (the normal case).
        case contentLength
        /// `Transfer-Encoding: chunked`; the caller writes the chunks (only faults do).
        case chunked
    }

    /// The bytes of `response` for a request of `version`; `closing` adds `Connection: close`.
    /// `omitBody` is for HEAD: the headers, Content-Length included, but no body. A body left
    /// in its file to be sent from it is counted in Content-Length but not written; one left to
    /// be read into the answer is read here, straight into the buffer.
    static func encode(
        _ response: Response, version: HTTPVersion, closing: Bool, omitBody: Bool, allocator: ByteBufferAllocator,
        framing: Framing = .contentLength
    ) -> ByteBuffer {
        // A body left in its file to be sent is not copied here: the caller sends it from the file.
        let bodyCount = omitBody || framing == .chunked || response.fileBody?.delivery == .sent ? 0 : response.bodyCount
        let status = String(response.status)
        let reason = HTTPResponseStatus(statusCode: response.status).reasonPhrase
        let length = String(response.bodyCount)
        // The fields as `response.headers` lists them, read from the two lists it is made of
        // (an answer's own fields, then the ones replacing some of them) without merging them.
        let own = response.ownHeaders, replacements = response.replacements
        // An upper bound of the head: every field counted, sendable or not, replaced or not.
        var headBound = 96 + status.utf8.count + reason.utf8.count + length.utf8.count
        for field in own { headBound += field.name.utf8.count + field.value.utf8.count + 4 }
        for field in replacements { headBound += field.name.utf8.count + field.value.utf8.count + 4 }
        // One byte more for a body read from its file: reading it tells whether the file grew.
        var buffer = allocator.buffer(capacity: headBound + bodyCount + 1)
        // The head is written in one pass over the buffer's memory: a write per piece costs a
        // dynamic exclusivity check each, at tens of thousands of answers per second.
        buffer.writeWithUnsafeMutableBytes(minimumWritableBytes: headBound) { memory in
            var head = HeadWriter(memory: memory)
            head.appendStatusLine(version: version, status: status, reason: reason)
            head.appendFields(own, except: replacements)
            head.appendFields(replacements)
            head.appendFraming(framing, length: length, closing: closing)
            return head.count
        }
        guard bodyCount > 0 else { return buffer }
        if let file = response.fileBody {  // to be read into the answer: one to be sent counts 0 here
            let read = buffer.writeWithUnsafeMutableBytes(minimumWritableBytes: bodyCount + 1) { memory in
                file.read(into: memory) ? bodyCount : 0
            }
            // Edited in place since it was opened: framed anew around the bytes it has now.
            guard read == bodyCount else {
                var inMemory = response
                inMemory.body = file.read()
                return encode(inMemory, version: version, closing: closing, omitBody: omitBody, allocator: allocator, framing: framing)
            }
        } else {
            buffer.writeBytes(response.body)
        }
        return buffer
    }

    /// Whether an answer to a request of `version` says `HTTP/1.0` in its status line; every
    /// other version is answered as `HTTP/1.1`.
    static func answersAsHTTP10(_ version: HTTPVersion) -> Bool {
        version.major == 1 && version.minor == 0
    }

    /// Copies text into raw memory known to be large enough.
    private struct HeadWriter {
        let memory: UnsafeMutableRawBufferPointer
        private(set) var count = 0

        init(memory: UnsafeMutableRawBufferPointer) {
            self.memory = memory
        }

        /// Borrows `text`'s bytes: a `var` copy for `withUTF8` cost a retain and a release per
        /// piece, about 65 per answer.
        mutating func append(_ text: String) {
            text.withContiguousUTF8 { bytes in
                UnsafeMutableRawBufferPointer(rebasing: memory[count..<(count + bytes.count)]).copyMemory(from: UnsafeRawBufferPointer(bytes))
                count += bytes.count
            }
        }

        mutating func appendStatusLine(version: HTTPVersion, status: String, reason: String) {
            append(answersAsHTTP10(version) ? "HTTP/1.0 " : "HTTP/1.1 ")
            append(status)
            append(" ")
            append(reason)
            append("\r\n")
        }

        /// Appends `fields` that may be sent, but for those named as any of `replacements`.
        mutating func appendFields(_ fields: [HeaderField], except replacements: [HeaderField] = []) {
            // By index, each name and value passed on as they are: a field bound per
            // iteration was copied, its two strings retained and released.
            for index in fields.indices where replacements.isEmpty || !HeaderReplacement.names(replacements, include: fields[index].name) {
                appendField(fields[index].name, fields[index].value)
            }
        }

        /// Appends the field that frames the body, `Connection: close` when `closing`, and
        /// the head's end.
        mutating func appendFraming(_ framing: Framing, length: String, closing: Bool) {
            switch framing {
            case .contentLength:
                append("Content-Length: ")
                append(length)
            case .chunked:
                append("Transfer-Encoding: chunked")
            }
            append(closing ? "\r\nConnection: close\r\n\r\n" : "\r\n\r\n")
        }

        /// Appends `name: value` and the line's end, unless the field may not be sent.
        mutating func appendField(_ name: String, _ value: String) {
            guard ResponseEncoding.isSendable(name: name, value: value) else { return }
            append(name)
            append(": ")
            append(value)
            append("\r\n")
        }

        mutating func append(_ bytes: [UInt8]) {
            bytes.withUnsafeBytes { UnsafeMutableRawBufferPointer(rebasing: memory[count..<(count + $0.count)]).copyMemory(from: $0) }
            count += bytes.count
        }

        mutating func append(_ text: StaticString) {
            let bytes = UnsafeRawBufferPointer(start: text.utf8Start, count: text.utf8CodeUnitCount)
            UnsafeMutableRawBufferPointer(rebasing: memory[count..<(count + bytes.count)]).copyMemory(from: bytes)
            count += bytes.count
        }
    }

    /// The server frames responses itself; a fixture's own framing headers would contradict
    /// it, and a value with a line break would split the header block.
    fileprivate static func isSendable(name: String, value: String) -> Bool {
        isSendable(name: name) && !value.hasLineBreak
    }

    /// Whether a field of this name may be sent, when its value may.
    fileprivate static func isSendable(name: String) -> Bool {
        !ASCIIFold.equal(name, "content-length") && !ASCIIFold.equal(name, "transfer-encoding") && !ASCIIFold.equal(name, "connection")
            && !name.hasLineBreak
    }
}
