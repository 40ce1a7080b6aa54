"""The event store (SQLite), the saves folder, and import/export."""
