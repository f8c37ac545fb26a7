"""``python -m nimlab``: the command-line tool.

Python has imported the package before this module runs, so a Ctrl-C during that import is
Python's to report; one while the command line itself is imported ends as in the ``nimlab``
script (:mod:`nimlab_launcher`): one line, exit code 130.
"""

import sys

from nimlab_launcher import main

sys.exit(main())
