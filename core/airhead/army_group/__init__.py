"""Army Group paratrooper rules (seed 002), one module per rules section.

``landing``           waves A, B, R; drop points; direction and distance dice; terrain damage
``opportunity_fire``  opportunity fire during paratrooper landings
``odds``              exact odds of a planned drop, through the same rule functions
``forces``            the minimal unit records the procedures carry
"""
