"""What the designer's tools prove of a plugin: where its states lead, read from its source
(`plugin_source`, over the generic `syntax_tree` helpers), as a graph (`state_graph`), with what
random games were seen to do (`observed_play`), and the full review `validate` runs on it
(`validation`). None of it runs when the server loads a game: the engine checks only the
declarations then (`framework.engine.declarations`)."""
