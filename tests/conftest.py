"""Suite-wide settings. CI (`.ci/run`) runs hypothesis derandomized and without per-example deadlines, so a run
on a busy shared machine is repeatable; run locally with the default profile to explore new examples.

This folder is on the path (pytest puts a conftest's folder there), so helpers shared by several test folders
live here: processes.py."""
import os

from hypothesis import settings

settings.register_profile("ci", derandomize=True, deadline=None, print_blob=True)
settings.load_profile(os.environ.get("DICECUP_HYPOTHESIS", "default"))
