/// Prints the demo's numbered steps.
struct DemoSteps {
    private var number = 0

    func title(_ text: String) {
        print(text)
    }

    mutating func step(_ name: String, _ explanation: String) {
        number += 1
        print("\n\(number). \(name)")
        print("   \(explanation)")
    }

    func say(_ text: String) {
        for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
            print("   │ \(line)")
        }
    }

    func finish() {
        print("\nDone: \(number) steps. Read the README for more.")
    }
}
