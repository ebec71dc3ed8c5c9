// The bundled resources (pokemons.json, layouts/) live beside this file.
