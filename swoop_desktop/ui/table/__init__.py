"""The parts the table scene (:mod:`swoop_desktop.ui.scenes.table`) is built from.

No part inherits from another; they share the model (see ``docs/architecture.md``):

- :mod:`.model`: ``TableModel``, the state the parts share, each field with its one writer;
- :mod:`.flow`: the match, the seats and their drivers, the public history, saving;
- :mod:`.presenter`: engine events turned into animation steps;
- :mod:`.input`: selecting, dragging, clicking and keys, turned into actions;
- :mod:`.draw`: drawing, which only reads the model;
- :mod:`.places`: where every card belongs now, and the tweens that take it there;
- :mod:`.show`: the card sprites and the tweens and steps that show engine events;
- :mod:`.view`: the picture's card zones (the engine's fold of events, extended);
- :mod:`.layout`: where everything sits for any window size;
- :mod:`.seats`: who sits where, the bots thinking in worker processes (threads where processes cannot start), the saver;
- :mod:`.drivers`: the seat drivers (you, an AI, a record) and the table's configurations.
"""
