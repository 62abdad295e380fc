"""Storage in rooms: the rows (``rows``), the SQL they are written and read with
(``queries``), the database handle (``database``), and one store per kind of fact:
tables (``tables``), moves and seats with their row locks (``moves``), chat
(``chat``), reviews and hints (``reviews``). ``meeple.server.store.Store`` holds
them all; the cluster's lease, node and presence rows are written by
``meeple.server.cluster.LeaseStore``.
"""
