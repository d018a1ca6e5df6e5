"""ASL Chapter E1, Night: its rules and procedures (the rule map: README.md)."""
