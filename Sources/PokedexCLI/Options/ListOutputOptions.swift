/// `--format` and `--fields` of the commands that print Pokémon in `list`'s formats (`list`,
/// `random`), each with the command's own help.
package struct ListOutputOptions: OptionGroup {
  package let format: Option<String>
  package let fields: Option<String>

  package init(format: String, fields: String) {
    self.format = Option.format(PokedexPreferences.formats, help: format)
    self.fields = Option("--fields", value: "LIST", help: fields)
  }

  package var declarations: [any OptionDeclaration] { [format, fields] }
}
