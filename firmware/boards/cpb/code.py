"""Boots the Circuit Playground Bluefruit cup (CircuitPython runs code.py)."""
import cpbcup

cpbcup.main()
