"""The expert's mix: from the prices of its actions in the same dealt worlds, how often to play each one.

The best-priced action is played at weight 1/2, every other at the chance that it is really no worse, given the
worlds sampled (the normal tail of its paired difference from the best: the same worlds price both, so a real gap
shows over little noise), normalised. Actions the worlds show clearly worse are never played; actions they can't
tell apart are played alike, so an answer is a distribution a best response can't read off one action.
"""
from math import erfc, sqrt


def centred(losses, mean) -> list:
    """A call's losses in the worlds, shifted to the mean the belief gives exactly: the worlds still pair it with
    the raises (the same deals), without their sampling error in its price."""
    shift = mean - sum(losses) / len(losses)
    return [loss + shift for loss in losses]


def mix(prices, least: float = 0.01) -> dict:
    """{action: probability}: the best-priced action (lowest mean loss, calls before raises on a tie) and every
    other action as likely as the chance that it is really no worse, given the worlds sampled: the normal tail of
    its paired difference from the best (the same worlds price both, so a real gap shows over little noise).
    An action under `least` of the best's weight is dropped; the rest are normalised."""
    if not prices:
        return {}
    means = [(sum(losses) / len(losses), order) for order, _, losses in prices]
    best = min(range(len(prices)), key=lambda i: means[i])
    base = prices[best][2]
    weights = {}
    for i, (_, action, losses) in enumerate(prices):
        weights[action] = 0.5 if i == best else no_worse(losses, base)
    kept = {a: w for a, w in weights.items() if w >= least * 0.5}
    total = sum(kept.values())
    return {a: w / total for a, w in kept.items()}


def no_worse(losses, base) -> float:
    """P(the true mean of `losses` is at most that of `base`), the normal approximation over the paired worlds."""
    n = len(losses)
    diffs = [a - b for a, b in zip(losses, base)]
    mean = sum(diffs) / n
    var = sum((d - mean) ** 2 for d in diffs) / max(1, n - 1)
    if var == 0:
        return 0.5 if mean == 0 else (1.0 if mean < 0 else 0.0)
    return 0.5 * erfc(mean / sqrt(2 * var / n))
