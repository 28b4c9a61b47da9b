"""Computer players. A bot is a class whose instances have `act(view)`, or a plain function `bot(view)`, and
returns one of `view.legal`. See view.py for what a bot may know."""
