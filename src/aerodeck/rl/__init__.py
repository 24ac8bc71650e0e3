"""Reinforcement-learning faces: observation encoders, PettingZoo, Gymnasium and OpenSpiel.

Install with the ``rl`` extra (``pip install -e '.[rl]'``); the core never imports this package.
"""
