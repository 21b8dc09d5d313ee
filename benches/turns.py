#!/usr/bin/env python3
"""Processor time of whole programs, taking turns: the experiments of the design notes.

usage: benches/turns.py RUNS FILE -- COMMAND... [-- COMMAND...]

Runs each command RUNS times with FILE on standard input and its output thrown away, the commands
in turn, and prints each one's median user plus system time (os.wait4), its spread, and its ratio
to the last command's median.
"""
import os
import statistics
import subprocess
import sys

if len(sys.argv) < 5 or sys.argv[3] != "--":
    sys.exit(__doc__.split("\n\n")[1])
runs, file = int(sys.argv[1]), sys.argv[2]
commands, current = [], []
for word in sys.argv[4:] + ["--"]:
    if word == "--":
        commands.append(current)
        current = []
    else:
        current.append(word)
times = [[] for _ in commands]
for _ in range(runs):
    for command, kept in zip(commands, times):
        with open(file) as given, open(os.devnull, "w") as thrown:
            child = subprocess.Popen(command, stdin=given, stdout=thrown)
            _, _, usage = os.wait4(child.pid, 0)
            kept.append((usage.ru_utime + usage.ru_stime) * 1000)
last = statistics.median(times[-1])
for command, kept in zip(commands, times):
    median = statistics.median(kept)
    print(f"{median:9.2f} ms  {median / last:.3f}  spread {min(kept):.1f}-{max(kept):.1f}  "
          + " ".join(command))
