"""The ``regalia`` command."""
