"""The table on a screen: a web page the hub serves (Starlette on uvicorn, every asset from the package itself) to a
tablet or a TV at the table, fed from what the hub publishes. `launch` is what `dicecup play/demo --web` call;
`server` serves; `present` says what a page may know; `inbox` checks what a page sends."""
