// swift-openapi-runtime comes with Courier's package trait "CourierOpenAPI" (Package.swift), on by default: an app
// that turns the default traits off and imports CourierOpenAPI gets this, not "no such module".
#if !CourierOpenAPI
#error("CourierOpenAPI needs Courier's package trait \"CourierOpenAPI\" (README, Quick start: traits)")
#endif
