"""Wobbletop's 2D rigid-body layer on pymunk: world, pieces, hand, detectors, config.

No pygame and no game rules live here; games build their scenes from these parts.
"""
