import Foundation
import UnderstudyFixtures
import UnderstudySupport

/// The bodies of generated image answers: an image of the declared type that any decoder
/// reads, the same bytes every time.
package enum PlaceholderImages {
    /// A 1×1 grey PNG.
    package static let png: [UInt8] = [
        0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0x00, 0x00, 0x00, 0x0D, 0x49, 0x48, 0x44, 0x52, 0x00, 0x00, 0x00, 0x01,
        0x00, 0x00, 0x00, 0x01, 0x08, 0x02, 0x00, 0x00, 0x00, 0x90, 0x77, 0x53, 0xDE, 0x00, 0x00, 0x00, 0x0C, 0x49, 0x44, 0x41,
        0x54, 0x78, 0x9C, 0x63, 0x38, 0x71, 0xE2, 0x04, 0x00, 0x04, 0xB4, 0x02, 0x59, 0x16, 0x2E, 0x81, 0x40, 0x00, 0x00, 0x00,
        0x00, 0x49, 0x45, 0x4E, 0x44, 0xAE, 0x42, 0x60, 0x82,
    ]

    /// A 64×48 baseline JPEG (the bundled fixture yelp/photos/any-photo.jpg).
    package static let jpeg: [UInt8] = Array(Data(base64Encoded: "/9j/4AAQSkZJRgABAQAAAQABAAD/2wBDAAoHBwgHBgoICAgLCgoLDhgQDg0NDh0VFhEYIx8lJCIfIiEmKzcvJik0KSEiMEExNDk7Pj4+JS5ESUM8SDc9Pjv/2wBDAQoLCw4NDhwQEBw7KCIoOzs7Ozs7Ozs7Ozs7Ozs7Ozs7Ozs7Ozs7Ozs7Ozs7Ozs7Ozs7Ozs7Ozs7Ozs7Ozs7Ozv/wAARCAAwAEADASIAAhEBAxEB/8QAHwAAAQUBAQEBAQEAAAAAAAAAAAECAwQFBgcICQoL/8QAtRAAAgEDAwIEAwUFBAQAAAF9AQIDAAQRBRIhMUEGE1FhByJxFDKBkaEII0KxwRVS0fAkM2JyggkKFhcYGRolJicoKSo0NTY3ODk6Q0RFRkdISUpTVFVWV1hZWmNkZWZnaGlqc3R1dnd4eXqDhIWGh4iJipKTlJWWl5iZmqKjpKWmp6ipqrKztLW2t7i5usLDxMXGx8jJytLT1NXW19jZ2uHi4+Tl5ufo6erx8vP09fb3+Pn6/8QAHwEAAwEBAQEBAQEBAQAAAAAAAAECAwQFBgcICQoL/8QAtREAAgECBAQDBAcFBAQAAQJ3AAECAxEEBSExBhJBUQdhcRMiMoEIFEKRobHBCSMzUvAVYnLRChYkNOEl8RcYGRomJygpKjU2Nzg5OkNERUZHSElKU1RVVldYWVpjZGVmZ2hpanN0dXZ3eHl6goOEhYaHiImKkpOUlZaXmJmaoqOkpaanqKmqsrO0tba3uLm6wsPExcbHyMnK0tPU1dbX2Nna4uPk5ebn6Onq8vP09fb3+Pn6/9oADAMBAAIRAxEAPwDt2qNqkao2qkIYaYamSJ5WKxqWIGT6Aep9B70phgTiW459Ik3Y+pJA/LNWMqtUZq2YrVuEumU+sseB/wCOk/yqCaCWHBdcBvusCCrfQjg1SGQGmGnmmGtEM12qNqkao2rmRBJdfuj9nXgJjePV8c5+hyB/9c5qmrV588pnHKy/Nntu/iH4E/yqqatDGNTreRVkEcp/cyECT2HqPcf54JFNalt4llmUOSIgQZGH8K55P+e9UMhljaKRo3GGQlWHoRURqaeVp55JmADSMWIHTJOahNWhmu1RtUjVG1c6IBJWiyAFZW+8rDIP+fUc0pNo/JEsJ77QHB+mSMfmajNMNWMkIs153Ty/7OBH+uW/lUM07SLsCJHGDnYg4z7nqe/U96RqjNUhjDTDTzTDWiGf/9k=") ?? Data())

    /// The placeholder for `mediaType` (`image/png`, `image/jpeg`, `image/*`), or `nil` for a
    /// media type that is not an image.
    package static func body(for mediaType: String) -> [UInt8]? {
        switch mediaType {
        case "image/png": png
        case "image/jpeg", "image/jpg", "image/*": jpeg
        default: mediaType.hasPrefix("image/") ? png : nil
        }
    }

    /// The content type a placeholder is sent with: a wildcard declared becomes the JPEG's.
    package static func contentType(for mediaType: String) -> String {
        mediaType == "image/*" ? "image/jpeg" : mediaType
    }
}
