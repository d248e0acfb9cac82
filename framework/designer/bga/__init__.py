"""The parts of `bga export-bga` (framework/designer/bga_export.py), one file kind each."""
