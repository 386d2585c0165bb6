"""The pygame-ce desktop table: app loop, scene stack, scenes, cards, animation, pilot."""
