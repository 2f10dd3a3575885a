"""Each title's own rules, one package per title, on the title-independent core (`solver.core`)."""
