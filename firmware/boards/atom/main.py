"""Boots the ATOM Matrix cup. Kept tiny: everything else is precompiled .mpy in /lib (dicecup build)."""
import atomcup

atomcup.main()
