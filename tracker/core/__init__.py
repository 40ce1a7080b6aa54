"""The pure domain: decide/evolve, dice, rulesets, time. No UI, files or clock."""
