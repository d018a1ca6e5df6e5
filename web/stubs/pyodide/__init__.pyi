# Type stubs for what web/app uses of Pyodide (checked by `mypy --strict web/app` in the suite):
# every JavaScript object is Any; the conversions and proxies are typed.
