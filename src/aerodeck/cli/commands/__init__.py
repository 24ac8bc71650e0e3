"""One module per `aerodeck` command; ``cli.app`` assembles them into the typer app."""
