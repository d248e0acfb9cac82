"""The parts of `flask export-bga` (framework/designer/bga_export.py), one file kind each."""
