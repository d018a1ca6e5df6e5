"""Panzer Leader-style airborne variant (seed 001), one module per rules section.

``wind``          I.D wind direction, I.E wind speed
``paradrop``      II paratroops: sticks, Drift Pattern Chart and Diagrams, Jump Survival Chart
``gliders``       III gliders: entry, short / on target / long, wind shift, two per hex
``plan``          I the written landing plan (hidden from the opponent)
``night``         I.C night modifications
``capabilities``  I.B paratroop engineers, 88/90 mm batteries in the AA role
``odds``          exact odds of planned drops through the same rule functions
``forces``        the minimal unit records the procedures carry
"""
