"""The desktop shell: pygame window, menu, renderer and the views that map input to moves."""

import os

# pygame prints a greeting on import; the app has its own window title.
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
