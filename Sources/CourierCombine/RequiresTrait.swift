// OpenCombine (Linux only) comes with Courier's package trait "CourierCombine" (Package.swift), on by default: an
// app that turns the default traits off and imports CourierCombine on Linux gets this, not "no such module".
#if os(Linux) && !CourierCombine
#error("CourierCombine on Linux needs Courier's package trait \"CourierCombine\" (README, Quick start: traits)")
#endif
