"""Speed and memory benchmarks (`make bench`); numbers go in the closing notes, never into test assertions."""
