"""The app's screens: the table, the result card, the session summary and the help."""
