"""Data package for the rule book and rule profiles (installed as doudizhu_tui.rules_data)."""
