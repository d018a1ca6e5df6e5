"""ASL Chapter E7, Air Support: its rules and procedures (the rule map: README.md)."""
