"""The board layers, one folder per board. Never loaded on a cup: this file only makes the folder the package
`dicecup.boards` (pyproject.toml maps it there), so an installed dicecup finds the boards' files with
importlib.resources (dicecup.shipped), as the editable install of a checkout does."""
