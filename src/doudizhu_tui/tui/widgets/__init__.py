"""The table's widgets; they draw what the screen hands them and hold no game state."""
