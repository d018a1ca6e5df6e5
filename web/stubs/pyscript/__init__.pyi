# Type stubs for what web/app uses of PyScript: the page's globals are JavaScript objects (Any).
from typing import Any

document: Any
window: Any

async def storage(name: str = ...) -> Any: ...
