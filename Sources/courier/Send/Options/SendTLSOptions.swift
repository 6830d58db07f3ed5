import ArgumentParser

/// Which certificates `courier send` trusts and presents.
struct SendTLSOptions: ParsableArguments {
    @Option(help: ArgumentHelp(
        "'no' skips certificate verification; a PEM file of CAs to trust instead of the system's.",
        discussion: "e.g. courier send --verify ca.pem --cert me.pem https://localhost:8443/"))
    var verify: String?

    @Option(help: "A client certificate (PEM); its key too unless --cert-key is given.")
    var cert: String?

    @Option(help: "The private key (PEM) of --cert.")
    var certKey: String?
}
