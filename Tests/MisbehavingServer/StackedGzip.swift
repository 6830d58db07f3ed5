import Foundation

/// `hello` gzipped 0 to 10 times (Python's `gzip.compress(…, mtime=0)`), for the stacked-encoding cases:
/// `layers[n]` is the body after `n` layers, so a client that decodes some layers can be checked against
/// what its headers still claim.
package enum StackedGzip {
    package static let layers: [Data] = [
        "aGVsbG8=",
        "H4sIAAAAAAACA8tIzcnJBwCGphA2BQAAAA==",
        "H4sIAAAAAAACA5Pv5mAAASbm0x5nT55kZ2hbJmDGChQAAKdvtEUZAAAA",
        "H4sIAAAAAAACA5Pv5mAAASbmye+fJTAwqj27LJfuPy8lPSNaLeEYlwgDw/L8La6SQBUA08gZFioAAAA=",
        "H4sIAAAAAAACA5Pv5mAAASbmye+fJTAwqj07+X6+qoHBKtvdOtPf2eur2ipH6T6UmM7BfPjTH911kxxEGS6fkBTTAmoBALTneuk7AAAA",
        "H4sIAAAAAAACA5Pv5mAAASbmye+fJTAwqj07+X6+qoHBKlvrn3X7VjUe1Lp91+ry/ZuvV9/Scn9pN2XGuYM1Py7L3y2dLOMiqTd/gshlpixGhi3Pq15aA00BACMrmftOAAAA",
        "H4sIAAAAAAACA5Pv5mAAASbmye+fJTAwqj07+X6+qoHBKlvrn3X7VjUe1Ip+Pb/0d5ip3JVdtddfffo7e334/UtF9Znmqcd2Npva652+rztX57HSSvP6phOpy3Tc2nTPr46LYvZlZFDWnvnbD2g0ACCpR4RjAAAA",
        "H4sIAAAAAAACAwF4AIf/H4sIAAAAAAACA5Pv5mAAASbmye+fJTAwqj07+X6+qoHBKlvrn3X7VjUe1Ip+Pb/0d5ip3JVdtddfffo7e334/UtF9Znmqcd2Npva652+rztX57HSSvP6phOpy3Tc2nTPr46LYvZlZFDWnvnbD2g0ACCpR4RjAAAAiTWqf3gAAAA=",
        "H4sIAAAAAAACA5Pv5mAAASZmxgqG9v/ycO7k988SGBjVnp18P1/VwGCVrfXPun2rGg9qRb+eX/o7zFTuSled7f4v5TNW3pkau/V6fO0v6+raH3+9Xb/OfLbyeJnZ7Fuv5+5bbx3+fOMlr8+/lgmvPF1y51bJ+fV93UnfUlMCrs37eZs/w4RBYaV7SzLQvk7TVfUVQBoA76sqso8AAAA=",
        "H4sIAAAAAAACAwGeAGH/H4sIAAAAAAACA5Pv5mAAASZmxgqG9v/ycO7k988SGBjVnp18P1/VwGCVrfXPun2rGg9qRb+eX/o7zFTuSled7f4v5TNW3pkau/V6fO0v6+raH3+9Xb/OfLbyeJnZ7Fuv5+5bbx3+fOMlr8+/lgmvPF1y51bJ+fV93UnfUlMCrs37eZs/w4RBYaV7SzLQvk7TVfUVQBoA76sqso8AAAAAMyu7ngAAAA==",
        "H4sIAAAAAAACA5Pv5mAAASZmxnkMif/l4dzJ758lMDCqpR3javv2/1PBuyffzwtJSFydN7fGPv7qgYSpa7+e31W7Woo/y3X/vPhf1mdC3nmFz337T/+pcdi9mVK7v1bVvNV//eqWfP3e2P3narZ9qph58030+ufvovNl/9U8Vl1/fv80zvU2sUXPw07+/Fp71/N+UDDTurO/K2fbH25xTFxa7W10YZ/f5dCvog5SDO9Xa23qBznLWHv3PCAFANdmJ8u1AAAA",
    ].map { Data(base64Encoded: $0)! }
}
