// The table screen at poker dice (issue 14): one cup of five dice passed round the table. table.js calls these
// for a table message with game "poker": seats with their lives (not dice), who holds the cup and which way it
// goes, the cup's dice (open ones by their rank, the ones under the cup face down: the page never gets their
// faces), the standing hand in words, the round's bids, and the reveal of the five dice against the bid.
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
      head.append(el("span", "order", i + 1), el("span", "name", seat.name), el("span", "kind kind-" + seat.kind, seat.kind));
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
    const standing = $("standing");
    standing.replaceChildren();
    if (t.standing) {
      const bid = el("div", "bid poker");
      bid.appendChild(hand(t.standing.bid));
      standing.append(bid, el("div", "words", `${t.standing.words} — by ${t.standing.by}`));
    } else standing.appendChild(el("span", "none", "no bid yet"));
    const cup = $("cupdice");
    cup.replaceChildren();
    cup.hidden = !t.dice || !!t.winner;
    const open = t.dice.filter((d) => d.open).length;
    cup.appendChild(el("h2", "", `the cup's dice: ${open} on the table, ${5 - open} under the cup`));
    const row = el("div", "row");
    for (const d of t.dice) row.appendChild(d.open ? pokerDie(d.face, "") : faceDown(d.die));
    cup.appendChild(row);
    $("bids").replaceChildren(...t.bids.map((b) => {
      const item = el("li", "", `${b.seat} ${b.bid}${b.way ? " " + b.way : ""}`);
      item.appendChild(el("span", "w", ` (${b.words})`));
      return item;
    }));
    $("facts").textContent = [t.doing, `${t.lives_each} ${t.lives_each === 1 ? "life" : "lives"} each`]
      .filter(Boolean).join(" · ");
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
