"""Plotly figures of 1862's board, tiles, routes, stock market and game review."""
