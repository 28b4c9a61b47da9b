"""The table on a screen, and phones as cups: web pages the hub serves itself (Starlette on uvicorn, every asset from
the package) to a tablet or a TV at the table and to each phone seat, fed from what the hub publishes.
`launch` is what `dicecup play/demo --web` and `play --phones` call; `server` serves the table screen;
`present` says what a page may know; `inbox` checks what a page sends; `phones` is a phone seat's link to the hub
(a "phone" transport under the hub's own CupConnection) and `phonepage` its page and websocket; `shots` makes
docs/table.md's screenshots and `browser` starts Debian's Chromium for them and for tests/web."""
