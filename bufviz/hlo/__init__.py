"""Reading HLO module text."""
