"""Entry point of ``python -m solver``. From its first statement on, Ctrl-C ends the command with exit code 130 and
the line `interrupted`, never a traceback: while the modules load (`solver.cli`, then the command's own module inside
`main`), during the command (`main`, which stops a search with Ctrl-C and prints what it found) and while the
interpreter shuts down after it. What no code of ours can catch, before this file runs, is in docs/reliability.md
("Ctrl-C")."""

try:
    import sys

    from solver.cli import main, quiet_interrupt

    code = main()
except KeyboardInterrupt:
    code = 130
    print("interrupted", file=sys.stderr)
else:
    quiet_interrupt()
sys.exit(code)
