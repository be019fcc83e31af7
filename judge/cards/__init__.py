"""No Dawn card files, neutral ground between the corpus and the engine.

    vocabulary.py  every closed set of words the card format accepts (the one place to add one)
    model.py       CardDef, Cost, Effect, Ability: a card file's content as frozen values
    reader.py      reading and validating cards/nodawn/*.yaml and a scenario's `cards:`

judge/corpus shows cards as entries and judge/engine plays them; both read them here, so
neither imports the other for card files.
"""
