"""Boots the Pico cup. Kept tiny: everything else is precompiled .mpy in /lib (dicecup build)."""
import cupmain

cupmain.main()
