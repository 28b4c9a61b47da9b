"""`dicecup play --rules poker` with the table's one cup: `--players ana,ben,cy` names the people
who pass it round. Checked before anything starts, each refusal one line in a player's words.

Either the hub holds the dice for bots (`--bots N`, no cup, no --players) or one cup is passed among named people
(one --port, one --sim, one phone (`--phones 1`: the phone's page is the cup) or the one cup found on USB), and hub
bots may sit with them (`--bots 2`): a bot holding the cup rolls through it and looks under it through it, so the hub
sees only the dice a holder may see."""
from dicecup.rules import DicecupError


def check_poker_players(players: tuple, *, ports: int, sims: int, bots: int, phones: int, ble: bool):
    """Raises DicecupError when this poker table can't be played: with cups, it needs --players and one cup."""
    cups = ports + sims + phones  # a phone's page plays the one cup as a board does
    if not players:
        if cups or ble or phones:
            raise DicecupError("poker dice passes one cup round the table: name who shares it, like "
                               "`dicecup play --rules poker --sim 1 --players ana,ben,cy` (bots alone: --bots 4)")
        return
    if cups > 1:
        raise DicecupError(f"poker dice is played with one cup passed round, not {cups}: name one --port, --sim 1 "
                           "or --phones 1")
