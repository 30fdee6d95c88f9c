extension Google {
    /// `{"text": "14 mins", "value": 842}`: seconds for durations, meters for distances.
    public struct TextValue: Codable, Sendable, Hashable {
        /// `text`, as the provider sends it.
        public let text: String
        /// `value`, as the provider sends it.
        public let value: Int
    }

    /// The answer to `/maps/api/directions/json`.
    public struct DirectionsAnswer: Codable, Sendable, Hashable, GoogleStatusAnswer {
        /// One way from the origin to the destination.
        public struct Route: Codable, Sendable, Hashable {
            /// `copyrights`, as the provider sends it.
            public let copyrights: String
            /// `legs`, as the provider sends it.
            public let legs: [Leg]
            /// `summary`, as the provider sends it.
            public let summary: String
            /// Shown with walking and cycling routes.
            public let warnings: [String]
            /// `waypoint_order`, as the provider sends it.
            public let waypointOrder: [Int]

            enum CodingKeys: String, CodingKey {
                case copyrights, legs, summary, warnings
                case waypointOrder = "waypoint_order"
            }
        }

        /// The part of a route between two stops.
        public struct Leg: Codable, Sendable, Hashable {
            /// `distance`, as the provider sends it.
            public let distance: TextValue
            /// `duration`, as the provider sends it.
            public let duration: TextValue
            /// `start_address`, as the provider sends it.
            public let startAddress: String
            /// `end_address`, as the provider sends it.
            public let endAddress: String
            /// `start_location`, as the provider sends it.
            public let startLocation: LatLng
            /// `end_location`, as the provider sends it.
            public let endLocation: LatLng
            /// `steps`, as the provider sends it.
            public let steps: [Step]

            enum CodingKeys: String, CodingKey {
                case distance, duration, steps
                case startAddress = "start_address", endAddress = "end_address"
                case startLocation = "start_location", endLocation = "end_location"
            }
        }

        /// One instruction.
        public struct Step: Codable, Sendable, Hashable {
            /// `distance`, as the provider sends it.
            public let distance: TextValue
            /// `duration`, as the provider sends it.
            public let duration: TextValue
            /// `html_instructions`, as the provider sends it.
            public let htmlInstructions: String
            /// `travel_mode`, as the provider sends it.
            public let travelMode: String

            enum CodingKeys: String, CodingKey {
                case distance, duration
                case htmlInstructions = "html_instructions", travelMode = "travel_mode"
            }
        }

        /// `routes`, as the provider sends it.
        public let routes: [Route]
        /// `status`, as the provider sends it.
        public let status: String
        /// `error_message`, as the provider sends it.
        public let errorMessage: String?

        enum CodingKeys: String, CodingKey {
            case routes, status
            case errorMessage = "error_message"
        }
    }
}
