"""Running games between bots and summarising the results."""
