"""Benchmarks of nimlab's compiled kernels (``make bench``); see ``bench/__main__.py``."""
