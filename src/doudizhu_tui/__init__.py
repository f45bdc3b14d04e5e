"""doudizhu-tui: Dou Dizhu (Fight the Landlord) in the terminal.

A rules engine (:mod:`doudizhu_tui.core`), computer players, a Textual table and a
click command line (``doudizhu``).
"""

__version__ = "0.1.0"
