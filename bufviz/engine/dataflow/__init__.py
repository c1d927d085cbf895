"""HloDataflowAnalysis and HloAliasAnalysis: values, positions, uses, phis, aliasing."""
