"""Schedulers: XLA's own (PostOrder, DFS, List, BFS and its default choice) and bufviz's, each
giving every sequential computation an order that the liveness engine then measures."""
