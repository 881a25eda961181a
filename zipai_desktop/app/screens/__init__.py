"""The app's screens room."""
