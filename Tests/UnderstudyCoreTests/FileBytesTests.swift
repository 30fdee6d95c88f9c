import Foundation
import Testing
@testable import UnderstudyCore
@testable import UnderstudyFixtures
import UnderstudySupport
import UnderstudyTestSupport

@Suite("Reading whole files")
struct FileBytesTests {
    @Test(arguments: [0, 1, 4095, 4096, 65_537, 300_000])
    func readsBackEveryByteWritten(size: Int) throws {
        let folder = try TemporaryFixtures()
        defer { folder.remove() }
        let bytes = (0..<size).map { UInt8(truncatingIfNeeded: $0 &* 31 &+ 7) }
        let path = folder.root + "/file.bin"
        try FileBytes.writeAtomically(bytes, to: path)
        #expect(try FileBytes.read(path) == bytes)
    }

    @Test(.enabled(if: TestPlatform.fileLongerThanItsReportedSize != nil, "no file on this system reports less than it holds"))
    func aFileLongerThanItsReportedSizeIsReadToItsEnd() throws {
        // Such a file takes the same path as a file that grew after `fstat`: read past the one
        // byte beyond the size.
        let file = try #require(TestPlatform.fileLongerThanItsReportedSize)
        let status = String(decoding: try FileBytes.read(file.path), as: UTF8.self)
        #expect(status.hasPrefix(file.firstLinePrefix))
        #expect(status.contains(file.lastLinePrefix), "the last line of the file was read")
    }

    @Test func refusesWhatIsNotARegularFileOrIsMissingOrTooLarge() throws {
        let folder = try TemporaryFixtures()
        defer { folder.remove() }
        #expect {
            try FileBytes.read(folder.root)
        } throws: { error in
            (error as? FileBytes.IOError)?.description == "\(folder.root): not a regular file"
        }
        #expect {
            try FileBytes.read(folder.root + "/absent.json")
        } throws: { error in
            (error as? FileBytes.IOError)?.description == "\(folder.root)/absent.json: No such file or directory"
        }
        let large = folder.root + "/large.json"
        try FileBytes.writeAtomically([UInt8](repeating: 32, count: 3 << 20), to: large)
        #expect {
            try FileBytes.read(large, maximumSize: 2 << 20)
        } throws: { error in
            (error as? FileBytes.IOError)?.reason.hasPrefix("3 MB is more than the 2 MB") == true
        }
    }
}
