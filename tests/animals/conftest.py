"""The real-app fixtures of tests/ui (``make_app``, ``ui``) for the Animals window test."""

from tests.ui.conftest import make_app, ui

__all__ = ["make_app", "ui"]
