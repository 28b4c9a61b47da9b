"""Draws hardware/<board>/wiring.svg from hardware/<board>/pins.json: the pin map is the one source.

    python3 hardware/wiring.py            rewrite every board's diagram
    python3 hardware/wiring.py --check    exit 1 if a diagram is out of date (tests/boards runs this)

Board pins on the left, parts on the right, one line per wire: solid for wires you solder or plug, dashed for
traces already on the board. Standard library only.
"""
import json
import sys
from pathlib import Path
from xml.sax.saxutils import escape

HERE = Path(__file__).resolve().parent
BOARDS = ("pico", "cpb", "atom")
COLOURS = {"signal": "#1f77b4", "ground": "#222222", "power": "#d62728", "data": "#2ca02c"}


def connections(spec):
    """[(board pin label, part, part pin, kind, on board?)] in drawing order."""
    wires = []
    for key, button in spec.get("buttons", {}).items():
        board_pin = _pin_label(button)
        onboard = "pad" not in button
        wires.append((board_pin, button["label"], "leg 1", "signal", onboard))
        if "ground_pad" in button:
            wires.append((f"GND (pad {button['ground_pad']})", button["label"], "leg 2", "ground", False))
    if "tilt" in spec:
        wires.append(("MPU6886 x axis", spec["tilt"]["label"], "tilt", "signal", True))
    if "switch" in spec:
        wires.append((_pin_label(spec["switch"]), spec["switch"]["label"], "switch", "signal", True))
    leds = spec["leds"]
    onboard = "pad" not in leds
    via = f" via {leds['resistor'].split(' in series')[0]}" if "resistor" in leds else ""
    wires.append((_pin_label(leds), leds["label"], f"DIN{via}", "data", onboard))
    if "power_pad" in leds:
        wires.append((f"{leds['power']} (pad {leds['power_pad']})", leds["label"], "5V", "power", False))
        wires.append((f"GND (pad {leds['ground_pad']})", leds["label"], "GND", "ground", False))
    if "buzzer" in spec:
        buzzer = spec["buzzer"]
        wires.append((_pin_label(buzzer), buzzer["label"], "+", "signal", False))
        wires.append((f"GND (pad {buzzer['ground_pad']})", buzzer["label"], "-", "ground", False))
    if "speaker" in spec:
        wires.append((spec["speaker"]["gpio"], spec["speaker"]["label"], "speaker", "signal", True))
    if "accel" in spec:
        wires.append((spec["accel"]["gpio"], spec["accel"]["label"], "I2C", "data", True))
    return wires


def _level_notes(spec) -> list:
    """LEDs powered from 5 V read a data high only from 0.7 x 5 V = 3.5 V up, above a 3.3 V board's pin: the
    usual remedy, as Adafruit's NeoPixel guide gives it (the BOM carries the part)."""
    if "5 V" not in spec["leds"].get("power", ""):
        return []
    return ["WS2812 DIN on 5 V power reads a high from 0.7 x 5 V = 3.5 V up; the board's pins give 3.3 V.",
            "Remedy: a 74AHCT125 level shifter (in the BOM) between the pin and the resistor: 1OE to GND, VCC to 5 V;",
            "or power the stick from 3V3 OUT (pad 36) instead: no shifter, but dimmer, blue and green the most."]


def _pin_label(item):
    if "pad" in item:
        return f"GP{item['gpio']} (pad {item['pad']})"
    if "pin" in item:
        return f"board.{item['pin']} = {item['gpio']}"
    return f"GPIO{item['gpio']}"


def svg(spec):
    wires = connections(spec)
    board_pins = list(dict.fromkeys(w[0] for w in wires))
    parts = list(dict.fromkeys(w[1] for w in wires))
    part_pins = {p: [w[2] for w in wires if w[1] == p] for p in parts}
    row = 26
    top = 70
    left_x, board_w = 20, 300
    part_x, part_w = 560, 330
    pin_y = {label: top + 20 + i * row for i, label in enumerate(board_pins)}
    part_y, y = {}, top
    for p in parts:
        part_y[p] = y
        y += 30 + row * len(part_pins[p]) + 14
    notes = [spec.get("limits", ""), *_level_notes(spec)]
    height = max(y, top + 40 + row * len(board_pins)) + 30 + 20 * len(notes)
    out = [f'<svg xmlns="http://www.w3.org/2000/svg" width="{part_x + part_w + 20}" height="{height}" '
           f'font-family="Helvetica, Arial, sans-serif" font-size="13">',
           '<rect width="100%" height="100%" fill="white"/>',
           f'<text x="20" y="30" font-size="18" font-weight="bold">{escape(spec["title"])}</text>',
           f'<text x="20" y="52" fill="#555">wiring from hardware/{spec["board"]}/pins.json; '
           'solid: wires you connect, dashed: already on the board</text>',
           f'<rect x="{left_x}" y="{top}" width="{board_w}" height="{40 + row * len(board_pins)}" rx="8" '
           'fill="#e8f4e8" stroke="#2d6a2d" stroke-width="2"/>',
           f'<text x="{left_x + 10}" y="{top + 16}" font-weight="bold">{escape(spec["board"])}</text>']
    for label in board_pins:
        out.append(f'<text x="{left_x + board_w - 12}" y="{pin_y[label] + 14}" text-anchor="end">{escape(label)}</text>')
        out.append(f'<circle cx="{left_x + board_w}" cy="{pin_y[label] + 10}" r="4" fill="#2d6a2d"/>')
    for p in parts:
        h = 24 + row * len(part_pins[p])
        out.append(f'<rect x="{part_x}" y="{part_y[p]}" width="{part_w}" height="{h}" rx="6" fill="#f4f0e8" '
                   'stroke="#8a6d3b" stroke-width="2"/>')
        out.append(f'<text x="{part_x + 10}" y="{part_y[p] + 16}" font-weight="bold">{escape(p)}</text>')
    for board_pin, part, part_pin, kind, onboard in wires:
        i = part_pins[part].index(part_pin)
        py = part_y[part] + 24 + i * row + 8
        x1, y1 = left_x + board_w, pin_y[board_pin] + 10
        dash = ' stroke-dasharray="6,4"' if onboard else ""
        out.append(f'<path d="M{x1},{y1} C{x1 + 120},{y1} {part_x - 120},{py} {part_x},{py}" fill="none" '
                   f'stroke="{COLOURS[kind]}" stroke-width="2.5"{dash}/>')
        out.append(f'<circle cx="{part_x}" cy="{py}" r="4" fill="{COLOURS[kind]}"/>')
        out.append(f'<text x="{part_x + 12}" y="{py + 4}">{escape(part_pin)}</text>')
    for k, note in enumerate(notes):
        out.append(f'<text x="20" y="{height - 20 * (len(notes) - k)}" fill="#555">{escape(note)}</text>')
    out.append("</svg>")
    return "\n".join(out) + "\n"


def main(argv):
    stale = []
    for board in BOARDS:
        spec = json.loads((HERE / board / "pins.json").read_text())
        target = HERE / board / "wiring.svg"
        text = svg(spec)
        if "--check" in argv:
            if not target.exists() or target.read_text() != text:
                stale.append(str(target))
        else:
            target.write_text(text)
    if stale:
        print("out of date (run python3 hardware/wiring.py):", *stale, sep="\n  ")
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
