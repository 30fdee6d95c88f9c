// The one file of RestaurantCore that calls the C library: `rename`, which replaces a file
// atomically on every platform (Foundation's `moveItem` refuses an existing destination).
// `scripts/check-portability` fails on a C-library call anywhere else in the module.
#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#else
#error("RestaurantCore builds on Apple's platforms (Darwin) and on Linux (Glibc)")
#endif

/// The operating system's calls RestaurantCore makes.
enum Platform {
    /// Renames `source` over `destination` in one step; the system's reason when it cannot.
    static func replace(_ destination: String, with source: String) -> String? {
        rename(source, destination) == 0 ? nil : String(cString: strerror(errno))
    }
}
