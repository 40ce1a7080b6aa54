"""The players' view in a browser (``tracker serve``): a read-only page of
what the table may see, following the log live. A layer beside ``ui/``: it
reads through the service and renders ``tracker/public.py``'s data; the core
knows nothing of it, and it names no area."""
