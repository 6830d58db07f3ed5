// swift-argument-parser and the test server's packages come with Courier's package trait "CLI" (Package.swift), on by
// default: building the courier command with the default traits off gets this, not "no such module".
#if !CLI
#error("The courier command needs Courier's package trait \"CLI\" (README, Quick start: traits)")
#endif
