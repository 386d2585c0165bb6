"""The networked table: a host whose referee owns the deal, and the client a seat plays
through, over websockets (docs/network.md).

- :mod:`.protocol`: the versioned JSON messages, and the one check of everything a client
  sends;
- :mod:`.peer`: one connection as the host sees it (rate limit, bounded sending);
- :mod:`.host`: the table, ``python -m swoop_desktop.net.host``;
- :mod:`.client`: a seat over the network, ``python -m swoop_desktop.net.client``.

The engine, the AI and the table's screens never import this package (import-linter
holds it): they know nothing of sockets or asyncio.
"""
