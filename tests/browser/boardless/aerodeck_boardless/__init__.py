"""A game from another package that brings no board for the browser: Aces versus Aces' rules
under their own id, with ``board_assets()`` None. The folder above is put on the server's path
(``tests/browser/test_generic_board.py``); the game joins through the ``aerodeck.games`` entry point
its ``aerodeck_boardless-0.dist-info`` declares, as an installed plug-in would."""

from aerodeck_boardless.game import GAME

__all__ = ["GAME"]
