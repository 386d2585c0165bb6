"""The parts the table scene (:mod:`swoop_desktop.ui.scenes.table`) is built from.

- :mod:`.parts`: ``TableParts``, the declared contract between the parts;
- :mod:`.input`: selecting, dragging, clicking and keys, turned into actions;
- :mod:`.draw`: drawing, which only reads;
- :mod:`.show`: the card sprites and the tweens and steps that show engine events;
- :mod:`.view`: the picture's card zones (the engine's fold of events, extended);
- :mod:`.layout`: where everything sits for any window size;
- :mod:`.seats`: who sits where, the bots thinking on worker threads, the saver;
- :mod:`.drivers`: the seat drivers (you, an AI, a record) and the table's configurations.
"""
