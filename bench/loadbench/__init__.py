"""The parts of the load bench; `bench/load.py` is the command (its options and `main`).

- `level.py`: one level (emulator, bot process(es), database, tables) run phase by phase;
- `players.py`: the scripted players, a table's setup and its moves at a pace;
- `watch.py`: waiting cheaply on what thousands of users see;
- `phase.py`: measuring a phase (`Level.measure`) and its printed lines (`Phase`);
- `limits.py`: what Discord's rate limits did in a phase;
- `usage.py`: CPU, time waiting for a CPU and memory of the bot's process tree;
- `figures.py`: percentiles and latencies as printed;
- `report.py`: a level's report and the summary table;
- `profiling.py`: the bot under cProfile, or its CPU profile of the paced phase.
"""
