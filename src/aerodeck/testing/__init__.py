"""Checks any game must pass, shipped with the package (as PettingZoo ships ``api_test``)."""
