"""The app's ui room."""
