// On Linux the publishers are OpenCombine's: `import CourierCombine` brings `sink`, `AnyCancellable` and
// the operators with it, as `import Combine` does on Apple platforms (where Combine is re-exported by
// the system and needs no help).
#if !canImport(Combine)
@_exported import OpenCombine
#endif
