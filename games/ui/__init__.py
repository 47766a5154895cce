"""The desktop shell: pygame window, menu, renderer and the views that map input to moves."""
