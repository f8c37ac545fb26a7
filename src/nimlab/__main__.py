"""``python -m nimlab``: the command-line tool."""

import sys

from nimlab.cli.main import main

sys.exit(main())
