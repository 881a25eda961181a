"""包厢 across the room: the headless network core (no pygame). The host owns the only game; clients see their seat.

``protocol`` frames and checks messages, ``wire`` turns observations into JSON and back, ``room`` is the host's room
logic (no I/O), ``host`` and ``client`` carry it over WebSockets. The wire protocol: docs/contracts/room-protocol.md.
``discovery`` announces a room on the local network and finds the rooms there (mDNS / DNS-SD):
docs/contracts/room-discovery.md.
"""
