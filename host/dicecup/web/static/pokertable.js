// The table screen at poker dice (issue 14): one cup of five dice passed round the table. table.js calls these
// for a message whose "screen" names this module (pokerpresent.py): seats with their lives (not dice), who holds
// the cup and which way it goes, the table (dice lifted onto it by their rank, the cup beside them with the rest face
// down: the page never gets their faces), the standing bid apart from them in a speech bubble, the round's bids, and
// the reveal.
"use strict";
(function () {
  const {el, pokerDie, faceDown} = window.Dice;
  const $ = (id) => document.getElementById(id);
  const ARROW = {left: "→", right: "←"};  // seats are drawn in clockwise order: left is the next one along

  function lives(seat, each) {
    const box = el("div", "lives");
    if (!seat.alive) { box.appendChild(el("span", "n", "out")); return box; }
    const hearts = el("span", "hearts", "♥".repeat(seat.lives) + "♡".repeat(Math.max(each - seat.lives, 0)));
    hearts.setAttribute("aria-hidden", "true");
    box.append(hearts, el("span", "n", `${seat.lives} ${seat.lives === 1 ? "life" : "lives"}`));
    return box;
  }

  function drawSeats(t, list) {
    list.replaceChildren();
    t.seats.forEach((seat, i) => {
      const item = el("li", "seat" + (seat.holds ? " holds to-act" : "") + (seat.alive ? "" : " out") +
                     (seat.connected ? "" : " dropped"));
      item.dataset.seat = seat.name;
      const head = el("div", "seat-head");
      head.append(el("span", "order", i + 1), el("span", "name", seat.name));
      if (seat.kind === "bot") head.append(el("span", "kind kind-bot", "bot"));  // the others play the one cup
      item.append(head, lives(seat, t.lives_each));
      if (seat.holds) {
        const way = t.direction ? ` · goes ${t.direction} ${ARROW[t.direction]}` : "";
        item.appendChild(el("div", "cupmark", `holds the cup${way}`));
      }
      item.appendChild(el("div", "note", seat.note));
      list.appendChild(item);
    });
  }

  function hand(bid) {
    const box = el("span", "hand");
    if (bid === "junk") box.appendChild(el("span", "junk", "junk"));
    else for (const face of bid) box.appendChild(pokerDie(face, ""));
    return box;
  }

  function drawMiddle(t) {
    const passes = t.passes_to ? ` · passes ${t.direction} ${ARROW[t.direction]} ${t.passes_to}` : "";
    $("turn").textContent = t.winner || !t.holder ? "" : `${t.holder} holds the cup${passes}`;
    drawBid(t);
    drawTableDice(t);
    $("bids").replaceChildren(...t.bids.map((b) => {
      const item = el("li", "", `${b.seat} ${b.bid}${b.way ? " " + b.way : ""}`);
      item.appendChild(el("span", "w", ` (${b.words})`));
      return item;
    }));
    $("facts").textContent = [t.doing, `${t.lives_each} ${t.lives_each === 1 ? "life" : "lives"} each`]
      .filter(Boolean).join(" · ");
  }

  // The standing bid is words said by a player, drawn as a speech bubble with its hand in outlined letters: a
  // newcomer read five big dice over the cup's real ones as the dice, so the bid never looks like dice on the table.
  function drawBid(t) {
    const standing = $("standing");
    standing.replaceChildren();
    standing.classList.toggle("bubble", !!t.standing);
    if (!t.standing) return standing.appendChild(el("span", "none", "no bid yet"));
    const said = el("div", "said-by");
    said.append(el("strong", "", `${t.standing.by} bids:`), document.createTextNode(` ${t.standing.words}`));
    const bid = el("div", "bid poker");
    bid.appendChild(hand(t.standing.bid));
    standing.append(said, bid);
  }

  // The table itself: the dice lifted onto the felt, face up, and beside them the cup with the dice under it,
  // face down (the page never has their faces).
  function drawTableDice(t) {
    const box = $("cupdice");
    box.replaceChildren();
    box.hidden = !t.dice || !!t.winner;
    if (box.hidden) return;
    const open = t.dice.filter((d) => d.open), hidden = t.dice.filter((d) => !d.open);
    const felt = el("div", "zone felt");
    felt.appendChild(el("h2", "", `on the table: ${open.length}`));
    const lifted = el("div", "row");
    for (const d of open) {
      const node = pokerDie(d.face, "");
      node.dataset.die = d.die;  // which of the five it is, as the face-down ones say
      lifted.appendChild(node);
    }
    if (!open.length) lifted.appendChild(el("span", "empty", "no dice out"));
    felt.appendChild(lifted);
    const cup = el("div", "zone undercup");
    cup.appendChild(el("h2", "", `under the cup: ${hidden.length}`));
    const under = el("div", "row");
    under.replaceChildren(...hidden.map((d) => faceDown(d.die)));
    cup.appendChild(under);
    box.append(felt, cup);
  }

  function drawReveal(round, box) {
    box.appendChild(el("p", "call", round.call === "five"
      ? `${round.caller} accepts ${round.bid} (${round.bid_words}) by ${round.bidder} and rolls for five of a kind`
      : `${round.caller} calls liar on ${round.bid} (${round.bid_words}) by ${round.bidder}`));
    const row = el("div", "faces poker");
    round.dice.forEach((face, k) => {
      const node = pokerDie(face, round.lit[k] ? "counted" : "other");
      node.style.animationDelay = `${0.12 * k}s`;
      row.appendChild(node);
    });
    box.appendChild(row);
    const made = el("p", "count");
    made.appendChild(el("strong", "", `the dice make ${round.made_words} (${round.made})`));
    made.appendChild(document.createTextNode(` against the bid ${round.bid}`));
    box.appendChild(made);
    box.appendChild(el("p", "verdict", round.verdict));
    const left = Object.entries(round.lives_after).map(([name, n]) => `${name} ${n ? n : "out"}`).join(" · ");
    box.appendChild(el("p", "livesafter", `lives: ${left}`));
  }

  function detail(round) {
    return ` (dice ${round.dice.join(" ")})`;
  }

  window.PokerTable = {drawSeats, drawMiddle, drawReveal, detail};
})();
