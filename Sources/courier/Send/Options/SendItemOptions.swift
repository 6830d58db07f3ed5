import ArgumentParser

/// `courier send`'s request items and how data items become a body: the help's first group.
struct SendItemOptions: ParsableArguments {
    @Argument(help: ArgumentHelp(
        "[METHOD] URL [items…]",
        discussion: """
        e.g. courier send POST :3000/users name=ada age:=36 X-Trace:1 page==2
          Header:Value     a request header
          name==value      a query parameter
          name=value       a text field of the body
          name:=json       a raw JSON field of the body
          name@path        a file part (multipart)
          name=@path       a text field holding the file's content
          name:=@path      a raw JSON field holding the file's JSON
          Header:          removes the header (a default one too)
          Header;          sends the header with an empty value
        Nested JSON: user[name]=ada, tags[]:=1, points[0]=x; a name given
        twice makes an array. With data items the method defaults to POST
        and the body to JSON. Without them, standard input is the body when
        it is a pipe or a file (--ignore-stdin stops that).
        :3000/path means http://localhost:3000/path.
        """))
    var arguments: [String]

    @Flag(name: [.short, .long], help: "Send data fields as a JSON object (the default).")
    var json = false

    @Flag(name: [.short, .long], help: "Send data fields as application/x-www-form-urlencoded.")
    var form = false

    @Flag(help: "Send data fields and files as multipart/form-data.")
    var multipart = false

    @Flag(help: "Never read standard input as the body.")
    var ignoreStdin = false

    /// The body style the flags choose; `nil` lets the items decide.
    func style() throws -> SendBodyStyle? {
        let styles: [SendBodyStyle] = [(json, SendBodyStyle.json), (form, .form), (multipart, .multipart)].filter(\.0).map(\.1)
        guard styles.count <= 1 else { throw SendFailure.usage("choose one of --json, --form and --multipart.") }
        return styles.first
    }
}
