"""The phone seats' pages on the table screen's server: /p/TOKEN serves a seat's page, /ws/p/TOKEN its websocket.
A seat's link acts only for that seat, and once a phone has taken the seat, only from that phone (the device
secret its page keeps: phones.PhoneSeat); a page from another phone is refused before it can act, and the hub
says so.

The device secret never travels, in a URL or otherwise (one sniffed from `?device=` on plain http took a
phone's seat). The seat's link, as printed and in its QR code, ends in a fragment, `#KEY`, the seat's link key:
browsers never send a fragment, and the page takes it once, keeps it in localStorage and removes it from the
address bar. The websocket starts with the server's challenge, a fresh nonce; the page answers with
HMAC-SHA256(device, "dicecup-device-1" | nonce), and, while no phone holds the seat, its device secret wrapped
(XOR) under HMAC-SHA256(link key, "dicecup-device-wrap-1" | nonce), which only a holder of the link key unwraps. The same phone opening the link again (a reload, another tab) takes the seat's link over and the
old page is told so. A phone page also gets what the table screen gets (the public table), and, from its
own cup's link, its cup's messages (phones.to_page)."""
import asyncio
import hashlib
import hmac
import json
import re
import secrets
import time

from cupcore import wire, wirenames

from . import inbox
from .phones import SeatHeld
from .server import (FLOODED, FOREIGN, FOREIGN_WORDS, HEADERS, LINK_WORDS, STATIC, WRONG_LINK, close_quietly,
                     plain_page, pump_queue, refuse_page, same_origin)

TAKEN_OVER = 4409   # websocket close code: the seat's link was opened again, in another tab or on another phone
HELD = 4423         # websocket close code: the seat is held by another phone (HTTP's 423 Locked)
NO_DEVICE = 4400    # websocket close code: the page did not prove which phone it is
HEX = re.compile(r"[0-9a-f]*")
DEVICE_SIZE = 16    # bytes of a page's device secret (static/phone.js), and of a seat's link key
ANSWER_WAIT = 10.0  # seconds for a page to answer the challenge
PROOF_TAG, WRAP_TAG = b"dicecup-device-1", b"dicecup-device-wrap-1"
NO_PROOF = ("this page could not prove which phone it is: open the seat's link again from its QR code or the "
            "address printed at the hub")
# The wire's numbers a phone's page reads and sends, by name, and the words for a refusal's reason, sent in its
# hello: wire.py and wirenames.py are their one table (a game kind's page adds its own: present.py's WIRE_WORDS).
WIRE_WORDS = {
    "cues": {name[len("CUE_"):].lower(): code for name, code in vars(wire).items() if name.startswith("CUE_")},
    "intents": {name: code for code, name in wirenames.INTENTS.items()},
    "reasons": wirenames.REASONS,
}
SAY_HELD_EVERY = 10.0  # seconds: a link opened over and over elsewhere is said at the hub once in this while


def seat_for(web, token: str):
    """The PhoneSeat whose secret link this is, or None (compared in constant time, every seat)."""
    found = None
    for seat in web.phones:
        if hmac.compare_digest(token.encode("utf-8", "replace"), seat.token.encode()):
            found = seat
    return found


async def phone_page(web, request):
    from starlette.responses import FileResponse, HTMLResponse

    if seat_for(web, request.path_params["token"]) is None:
        return HTMLResponse(plain_page("Not this table", LINK_WORDS[0].upper() + LINK_WORDS[1:] + "."),
                            status_code=403, headers=HEADERS)
    return FileResponse(STATIC / "phone.html", headers=HEADERS)


async def phone_socket(web, websocket):
    from starlette.websockets import WebSocketDisconnect

    await websocket.accept()
    if not same_origin(websocket):
        return await refuse_page(websocket, FOREIGN_WORDS, FOREIGN, "not this table's page")
    seat = seat_for(web, websocket.path_params["token"])
    if seat is None:
        return await refuse_page(websocket, LINK_WORDS, WRONG_LINK, "not this table's link")
    device = await proven_device(websocket, seat)
    if device is None and seat.device is None:
        return await refuse_page(websocket, NO_PROOF, NO_DEVICE, "no device proof")
    queue = asyncio.Queue()
    page = (websocket, queue)
    loop = asyncio.get_running_loop()

    def send(text):  # from any thread: the hub's link for this seat speaks through it
        try:
            loop.call_soon_threadsafe(web.send_to, page, text)
        except RuntimeError:  # the server's loop stopped: the page is gone, and the hub's thread goes on
            pass

    try:
        if device is None:  # no proof for the phone holding the seat: this is another phone
            raise SeatHeld(f"this seat is held by another phone; ask the host to type `release {seat.name}`")
        old = seat.page_opened(send, device)
    except SeatHeld as held:
        web.refused += 1
        _tell_hub_held(web, seat)
        return await refuse_page(websocket, str(held), HELD, "held by another phone")
    web.keep(websocket)  # the seat's phone: its connection is the table's own, out of a flood's reach
    hello = {"type": "hello", "role": "phone", "seat": seat.name, "cup": web.kind_present.PHONE,
             "wire": {**WIRE_WORDS, **web.kind_present.WIRE_WORDS}}
    for text in [json.dumps(hello), web.table_text]:
        if text is not None:
            queue.put_nowait(text)
    if old is not None:
        old(json.dumps({"type": "refused", "final": True,
                        "reason": "this seat's link was opened again, in another tab or on another phone"}))
    web.open_pages.add(page)
    pump = asyncio.ensure_future(pump_queue(websocket, queue))
    refusals = 0
    try:
        while True:
            try:
                received = await websocket.receive()
            except (WebSocketDisconnect, RuntimeError):
                return
            if received["type"] == "websocket.disconnect" or seat.page is not send:
                return
            raw = received.get("text") if received.get("text") is not None else received.get("bytes")
            try:
                message = inbox.check(raw, role="phone")
                if message["type"] == "cup":
                    seat.from_page(message)
                elif web.table_text is not None:
                    web.send_to(page, web.table_text)
            except inbox.Refused as refusal:
                web.refused += 1
                refusals += not isinstance(refusal, inbox.TryAgain)
                web.send_to(page, json.dumps({"type": "refused", "reason": str(refusal)}))
                if refusals >= inbox.MAX_REFUSALS:
                    return await close_quietly(websocket, FLOODED, "too many refused messages")
    finally:
        web.open_pages.discard(page)
        seat.page_closed(send)
        if seat.page is not None and seat.page is not send:  # taken over: tell this page why it stops
            await close_quietly(websocket, TAKEN_OVER, "opened on another device")
        pump.cancel()


async def proven_device(websocket, seat):
    """Challenge the page; the device secret it proves (bytes), or None: no answer in time, a wrong proof."""
    nonce = secrets.token_bytes(DEVICE_SIZE)
    await websocket.send_text(json.dumps({"type": "challenge", "nonce": nonce.hex(), "held": seat.device is not None}))
    try:
        received = await asyncio.wait_for(websocket.receive(), ANSWER_WAIT)
        answer = json.loads(received.get("text") or "")
    except (asyncio.TimeoutError, ValueError, TypeError, RuntimeError):
        return None
    if not isinstance(answer, dict) or answer.get("type") != "device":
        return None
    proof, wrapped = _hex(answer.get("proof"), 32), _hex(answer.get("wrapped"), DEVICE_SIZE)
    device = unwrap(seat.link_key, nonce, wrapped) if wrapped is not None else seat.device
    if device is None or proof is None or not hmac.compare_digest(proof, device_proof(device, nonce)):
        return None
    return device


def device_proof(device: bytes, nonce: bytes) -> bytes:
    return hmac.new(device, PROOF_TAG + nonce, hashlib.sha256).digest()


def unwrap(link_key: bytes, nonce: bytes, wrapped: bytes) -> bytes:
    """A device secret sent wrapped under the seat's link key (the same XOR both ways)."""
    pad = hmac.new(link_key, WRAP_TAG + nonce, hashlib.sha256).digest()[:DEVICE_SIZE]
    return bytes(a ^ b for a, b in zip(wrapped, pad))


def answer(challenge: dict, device: bytes, link_key: bytes = None) -> dict:
    """What a phone's page answers to the server's challenge (static/phone.js does the same): the proof, and the
    device secret wrapped while no phone holds the seat. For tests and the adversary bench, as a page."""
    nonce = bytes.fromhex(challenge["nonce"])
    reply = {"type": "device", "proof": device_proof(device, nonce).hex()}
    if not challenge.get("held") and link_key is not None:
        reply["wrapped"] = unwrap(link_key, nonce, device).hex()
    return reply


def _hex(value, size):
    if not isinstance(value, str) or len(value) != 2 * size or not HEX.fullmatch(value):
        return None
    return bytes.fromhex(value)


def _tell_hub_held(web, seat):
    """One line at the hub when a held seat's link is opened elsewhere: not one per attempt, if it is kept at."""
    now = time.monotonic()
    if web.tell_hub is not None and now - seat.held_said_at >= SAY_HELD_EVERY:
        seat.held_said_at = now
        web.tell_hub(f"someone opened {seat.name}'s link on another device: refused (if {seat.name} has moved to "
                     f"another phone, type `release {seat.name}`)")


def serve_phones(web, seats):
    """Give these phone seats their pages on this server (the first call before it starts: it adds the routes)."""
    from starlette.routing import Route, WebSocketRoute

    async def page(request):
        return await phone_page(web, request)

    async def socket(websocket):
        await phone_socket(web, websocket)

    web.phones.extend(seats)
    if not web.extra_routes:
        web.extra_routes += [Route("/p/{token}", page), WebSocketRoute("/ws/p/{token}", socket)]
        web.spectator_extras.append(lambda table: seat_codes(web, table))


def seat_codes(web, table: dict):
    """While seats are taken, the table screen names each phone seat that has not sat down yet, and where its code
    is: on the host's terminal, never on the screen. A seat's link holds the key its phone's device secret is
    wrapped under at the first sitting; on a screen the whole room (and every spectator page) could photograph it,
    sit first, or unwrap the secret from a sniffed first connection. The host shows each code to its player alone."""
    if table.get("phase") != "seating":
        return None
    seated = {seat["name"] for seat in table.get("seats", ())}
    return {"type": "seat_codes", "seats": [{"name": seat.name} for seat in web.phones if seat.name not in seated],
            "ask": web.kind_present.SEAT_CODES_ASK}


def seat_url(web, seat) -> str:
    """The seat's link, to print and to show as a QR code: its fragment (the link key) never leaves the browser."""
    return web.url.rsplit("/t/", 1)[0] + f"/p/{seat.token}#{seat.link_key.hex()}"
