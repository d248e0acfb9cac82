"""Game plugins: each subpackage defines `GAME`, its Game subclass."""
