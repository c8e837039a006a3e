from tracer.cli import main

main(prog_name="tracer")
