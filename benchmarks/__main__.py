"""Run every ``benchmarks/bench_*.py`` module's ``main()`` and print its lines."""

import importlib
import pkgutil

import benchmarks

for module in sorted(m.name for m in pkgutil.iter_modules(benchmarks.__path__) if m.name.startswith("bench_")):
    print(f"== {module}")
    importlib.import_module(f"benchmarks.{module}").main()
