"""The command-line interface: an adapter over the public API."""
