// OpenAPIKit and Yams come with Courier's package trait "CourierGenerator" (Package.swift), on by default: an app
// that turns the default traits off and imports CourierGenerator or CourierContract gets this, not "no such module".
#if !CourierGenerator
#error("CourierGenerator and CourierContract need the package trait \"CourierGenerator\" (README, Quick start: traits)")
#endif
