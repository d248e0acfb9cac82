"""A Board Game Arena style framework: engine (pure), store (database), web (Flask)."""
