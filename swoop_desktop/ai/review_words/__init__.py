"""The hand review's words, in the player's language (each a whole message of the
catalogues, looked up as it is said), one module for each thing they do:

- :mod:`.labels`: the scale, the label a cost's range earns and its words;
- :mod:`.plays`: plays named, so that two different plays never share words;
- :mod:`.mechanisms`: what happens in the play-outs (a Swoop at once, a pick-up only
  delayed, the opponent about to go out, the mystery card's odds...);
- :mod:`.reasons`: the reason for a verdict, and where the hint parts from the best;
- :mod:`.summary`: the summary of a review;
- :mod:`.answers`: a puzzle's answers;
- :mod:`.beside`: the daily deal's hard opponent's game laid beside yours;
- :mod:`.figures`: what all of them read of the review's figures.

:mod:`swoop_desktop.ai.review` weighs decisions (its search holds no English); these
turn its figures into what a player reads. Each name is imported from its own module.
"""
