"""One machine's cluster (`aerodeck cluster`, docs/deploy.md): a PostgreSQL store, several
`aerodeck serve` processes on free loopback ports and nginx in front of them on one port.

``postgres.py`` makes a throwaway PostgreSQL cluster, ``workers.py`` runs the server processes,
``nginx.py`` renders deploy/nginx/'s configuration and runs nginx, ``run.py`` starts the three in
order and stops them in the reverse one. Every part is a child process in a session of its own:
a Ctrl-C reaches this process only, which stops them one after the other.
"""

from aerodeck.web.cluster.run import Cluster

__all__ = ["Cluster"]
