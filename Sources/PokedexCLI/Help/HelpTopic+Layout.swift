extension HelpTopic {
  /// `pokedex help layout`: the layout command's styles, scale, exports and settings.
  static let layout = HelpTopic(
    name: "layout",
    aliases: ["layouts", "styles"],
    summary: "pokedex layout: styles, the ASCII scale, JSON and SVG exports",
    text: """
      'pokedex layout' lays out the Pokémon a query selects with the layout engine,
      one item per Pokémon and one section per query section, and draws the frames
      in the terminal or exports them as JSON or SVG.

        pokedex layout 'num<=8' --columns 4 --width 48 --style grid
        pokedex layout type:dragon --section-by generation --style carousel
        pokedex layout legendary --style row --format svg --output legends.svg
        pokedex layout --spec my-layout.json --format json

      The query, --forms, --sort, --section-by, --limit, --offset and --lang work
      as in 'pokedex list' (see 'pokedex help query').

      STYLES
        grid       N square cells per row (N = --columns, 1-24, default 4)
        row        one full-width row per Pokémon, with its stats and a total bar
        list       one thin full-width row: '#0025 Pikachu  Electric'
        featured   one large item, then two small ones stacked
        carousel   each section a horizontally scrolling strip; '›' where it goes on
        --spec FILE lays out your own layout spec instead. Without query terms it is
        laid out as written; with them its sections take the query's item counts.

      ASCII
        One column is 8 points, one row 16 points: a preset is solved in a container
        width x 8 points wide. Shared edges merge into junctions; --ascii draws with
        + - | instead of box drawing. Labels are cut with '…' by display width.
        --viewport Y:HEIGHT draws only rows Y to Y+HEIGHT-1, quickly even for a
        huge layout.

      EXPORTS
        --format json   the frames export: formatVersion, source, query,
                        environment, contentSize, sections, items, supplementaries
        --format svg    a standalone SVG 1.1 document, one user unit per point
        --output FILE   written atomically (temporary file, fsync, rename)

      SETTINGS
        style    --style NAME   POKEDEX_LAYOUT_STYLE    layout.style    grid
        columns  --columns N    POKEDEX_LAYOUT_COLUMNS  layout.columns  4
        width    --width COLS   POKEDEX_LAYOUT_WIDTH    layout.width    the terminal's
        query    QUERY...       -                       layout.query    every Pokémon
        The first that is set wins: flag, environment, preferences file, default.
        --remember saves the style, columns, width and query as defaults.

      """
  )
}
