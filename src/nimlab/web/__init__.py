"""The web app: explore, see and play every game in the browser (``nimlab serve``).

An adapter over nimlab's public API, like the command line. Importing this
package imports nothing heavy; :mod:`nimlab.web.app` needs FastAPI, and only
``nimlab serve`` and the tests import it.
"""
