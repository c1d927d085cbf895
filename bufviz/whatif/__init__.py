"""What-if: the module changed as a user could change the program (a parameter donated, a
buffer recomputed), and the whole pipeline run again on it to measure what that saves."""
