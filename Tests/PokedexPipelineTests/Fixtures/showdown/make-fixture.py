#!/usr/bin/env python3
"""Cuts Pokémon Showdown's tables (../shared/showdown, or the directory given) down to the
Pokémon, moves, abilities and items of the CSV fixture beside this folder, values untouched.

    python3 make-fixture.py [SHOWDOWN_DIR]
"""
import csv, json, os, re, sys

here = os.path.dirname(os.path.abspath(__file__))
source = sys.argv[1] if len(sys.argv) > 1 else os.path.join(here, "../../../../../shared/showdown")
fixture_csv = os.path.join(here, "../csv")

def sid(text):
    return re.sub(r"[^a-z0-9]", "", text.lower())

def column(table, name):
    with open(os.path.join(fixture_csv, table), newline="", encoding="utf-8") as f:
        return [row[name] for row in csv.DictReader(f)]

def load(name):
    with open(os.path.join(source, name), encoding="utf-8") as f:
        return json.load(f)

def write(name, table):
    # One entry a line, as the shared files are written.
    lines = [json.dumps(key, ensure_ascii=False) + ": " + json.dumps(value, ensure_ascii=False)
             for key, value in table.items()]
    with open(os.path.join(here, name), "w", encoding="utf-8") as f:
        f.write("{\n" + ",\n".join(lines) + "\n}\n")

species_ids = {sid(s) for s in column("pokemon_species.csv", "identifier")}
pokedex = load("pokedex.json")
# The fixture's species and every forme of them, and MissingNo (an entry the pipeline ignores).
kept = {key: value for key, value in pokedex.items()
        if sid(value.get("baseSpecies", value["name"])) in species_ids or key == "missingno"}
write("pokedex.json", kept)
names = {value["name"] for value in kept.values()}

move_ids = {sid(m) for m in column("moves.csv", "identifier")}
moves = load("moves.json")
write("moves.json", {k: v for k, v in moves.items() if k in move_ids})
write("moves-text.json", {k: v for k, v in load("moves-text.json").items() if k in move_ids})

ability_ids = {sid(a) for a in column("abilities.csv", "identifier")}
write("abilities.json", {k: v for k, v in load("abilities.json").items() if k in ability_ids})
write("abilities-text.json",
      {k: v for k, v in load("abilities-text.json").items() if k in ability_ids})

items = load("items.json")
item_ids = {k for k, v in items.items()
            if set(v.get("itemUser", [])) & names or sid(v["name"]) in {"leftovers", "choicescarf",
                                                                        "lifeorb", "pixieplate"}}
write("items.json", {k: v for k, v in items.items() if k in item_ids})
write("items-text.json", {k: v for k, v in load("items-text.json").items() if k in item_ids})

targets = names | {moves[k]["name"] for k in move_ids if k in moves} | \
    {items[k]["name"] for k in item_ids}
write("aliases.json", {k: v for k, v in load("aliases.json").items() if v in targets})

formats = load("formats-data.json")
write("formats-data.json",
      {gen: {k: v for k, v in table.items() if k in kept} for gen, table in formats.items()})
