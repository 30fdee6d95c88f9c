/// Google Places (legacy web service) and Directions: the shapes of their answers, as
/// `providers.md` §2 describes them. Errors come with HTTP 200 and a `status` other than `OK`.
public enum Google {
    /// `{"lat", "lng"}`.
    public struct LatLng: Codable, Sendable, Hashable {
        public let lat: Double
        public let lng: Double
    }

    /// A place's position.
    public struct Geometry: Codable, Sendable, Hashable {
        public let location: LatLng
    }

    /// A photo reference, to be fetched through the photo endpoint.
    public struct Photo: Codable, Sendable, Hashable {
        public let height: Int
        public let width: Int
        /// Credits that must be shown with the photo.
        public let htmlAttributions: [String]
        public let photoReference: String

        enum CodingKeys: String, CodingKey {
            case height, width
            case htmlAttributions = "html_attributions", photoReference = "photo_reference"
        }
    }

    /// Opening hours: search results carry only `open_now`.
    public struct OpeningHours: Codable, Sendable, Hashable {
        /// One opening; `day` 0 is Sunday, `time` is `HHMM`.
        public struct Period: Codable, Sendable, Hashable {
            /// A day and a time.
            public struct Moment: Codable, Sendable, Hashable {
                public let day: Int
                public let time: String
            }
            public let open: Moment
            /// Absent for a place open around the clock.
            public let close: Moment?
        }

        public let openNow: Bool?
        public let periods: [Period]?
        /// `["Monday: 11:00 AM – 9:30 PM", …]`, Monday first.
        public let weekdayText: [String]?

        enum CodingKeys: String, CodingKey {
            case periods
            case openNow = "open_now", weekdayText = "weekday_text"
        }
    }

    /// A place review (details only, up to five).
    public struct Review: Codable, Sendable, Hashable {
        public let authorName: String
        public let authorURL: String?
        public let profilePhotoURL: String?
        public let language: String?
        public let originalLanguage: String?
        /// 1 to 5.
        public let rating: Int
        public let relativeTimeDescription: String
        public let text: String
        /// Unix seconds.
        public let time: Int
        public let translated: Bool?

        enum CodingKeys: String, CodingKey {
            case language, rating, text, time, translated
            case authorName = "author_name", authorURL = "author_url", profilePhotoURL = "profile_photo_url"
            case originalLanguage = "original_language", relativeTimeDescription = "relative_time_description"
        }
    }

    /// `status` and `error_message`: all an error answer is sure to have.
    public struct StatusAnswer: Codable, Sendable, Hashable {
        public let status: String
        public let errorMessage: String?

        enum CodingKeys: String, CodingKey {
            case status
            case errorMessage = "error_message"
        }
    }
}

/// An answer whose `status` says whether it succeeded.
protocol GoogleStatusAnswer: Decodable, Sendable {
    var status: String { get }
    var errorMessage: String? { get }
}

extension GoogleStatusAnswer {
    /// Throws the answer's status as a provider error unless it is `OK` (or one of `accepted`).
    func checked(accepting accepted: Set<String> = ["OK"]) throws(RestaurantError) -> Self {
        guard accepted.contains(status) else {
            throw .provider(ProviderError(provider: .google, status: 200, code: status, message: errorMessage))
        }
        return self
    }
}
