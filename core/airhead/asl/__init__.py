"""Advanced Squad Leader rules, one module per rules section (E8 gliders in ``gliders.py``, ...)."""
