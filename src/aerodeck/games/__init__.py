"""One package per game; each exports GAME (its Game class). See core.registry."""
