"""ASL Chapter E8, Gliders: its rules and procedures (the rule map: README.md)."""
