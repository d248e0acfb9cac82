"""The game designer's tools over the engine: validate, diagram, simulate, replay files, scaffold."""
