"""The app's table room."""
