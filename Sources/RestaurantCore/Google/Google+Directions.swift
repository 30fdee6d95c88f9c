extension Google {
    /// `{"text": "14 mins", "value": 842}`: seconds for durations, meters for distances.
    public struct TextValue: Codable, Sendable, Hashable {
        public let text: String
        public let value: Int
    }

    /// The answer to `/maps/api/directions/json`.
    public struct DirectionsAnswer: Codable, Sendable, Hashable, GoogleStatusAnswer {
        /// One way from the origin to the destination.
        public struct Route: Codable, Sendable, Hashable {
            public let copyrights: String
            public let legs: [Leg]
            public let summary: String
            /// Shown with walking and cycling routes.
            public let warnings: [String]
            public let waypointOrder: [Int]

            enum CodingKeys: String, CodingKey {
                case copyrights, legs, summary, warnings
                case waypointOrder = "waypoint_order"
            }
        }

        /// The part of a route between two stops.
        public struct Leg: Codable, Sendable, Hashable {
            public let distance: TextValue
            public let duration: TextValue
            public let startAddress: String
            public let endAddress: String
            public let startLocation: LatLng
            public let endLocation: LatLng
            public let steps: [Step]

            enum CodingKeys: String, CodingKey {
                case distance, duration, steps
                case startAddress = "start_address", endAddress = "end_address"
                case startLocation = "start_location", endLocation = "end_location"
            }
        }

        /// One instruction.
        public struct Step: Codable, Sendable, Hashable {
            public let distance: TextValue
            public let duration: TextValue
            public let htmlInstructions: String
            public let travelMode: String

            enum CodingKeys: String, CodingKey {
                case distance, duration
                case htmlInstructions = "html_instructions", travelMode = "travel_mode"
            }
        }

        public let routes: [Route]
        public let status: String
        public let errorMessage: String?

        enum CodingKeys: String, CodingKey {
            case routes, status
            case errorMessage = "error_message"
        }
    }
}
