"""Links between the hub and the cups. The wire codec itself is cupcore.wire (firmware/cupcore/wire.py)."""
