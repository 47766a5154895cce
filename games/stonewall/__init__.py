"""Stonewall: race to the far corner and back home, walling your opponents in on the way."""
