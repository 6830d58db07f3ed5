// Hummingbird, MultipartKit and CustomDump come with Courier's package trait "CourierTesting" (Package.swift),
// on by default: an app that turns the default traits off and imports CourierTesting gets this, not "no such module".
#if !CourierTesting
#error("CourierTesting needs Courier's package trait \"CourierTesting\" (README, Quick start: traits)")
#endif
