"""Numpy helpers the kernels and solvers share: the smallest unsigned type for values.

numpy is imported inside the functions, so importing this module costs nothing.

>>> smallest_unsigned(255), smallest_unsigned(256)
(<class 'numpy.uint8'>, <class 'numpy.uint16'>)
>>> as_array([0, 3, 1]).dtype
dtype('uint8')
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    import numpy as np
    import numpy.typing as npt

    Array = npt.NDArray[np.unsignedinteger[Any]]


def as_array(values: list[int]) -> Array:
    """A list of Grundy values as a numpy array of the smallest unsigned type that fits."""
    import numpy as np

    return np.asarray(values, dtype=smallest_unsigned(max(values, default=0)))


def smallest_unsigned(top: int) -> type[np.unsignedinteger[Any]]:
    """The smallest numpy unsigned type that holds ``0..top``."""
    import numpy as np

    for t in (np.uint8, np.uint16, np.uint32, np.uint64):
        if top <= np.iinfo(t).max:
            return t
    raise OverflowError(f"{top} does not fit in 64 bits")
