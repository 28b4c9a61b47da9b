"""Never imported for code: this file only makes hardware/ the package `dicecup.hardware` (pyproject.toml maps it
there and ships each board's pins.json with it), so an installed dicecup finds the pin maps with
importlib.resources (dicecup.shipped), as the editable install of a checkout does."""
