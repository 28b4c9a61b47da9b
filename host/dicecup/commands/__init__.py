"""One module per `dicecup` subcommand: add_arguments(parser) and run(args)."""
