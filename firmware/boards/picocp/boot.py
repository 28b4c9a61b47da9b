"""Runs before USB starts: a second USB serial port (usb_cdc.data) for the frames, beside the REPL console."""
import usb_cdc

usb_cdc.enable(console=True, data=True)
