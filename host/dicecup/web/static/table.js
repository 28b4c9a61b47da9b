// The table screen: draws what the hub pushes over the websocket. It only watches: the one thing it ever sends
// is "sync" (the whole table again, after the tab wakes up). Every text from the hub goes in with textContent.
"use strict";
(function () {
  const {el, die, hiddenDice} = window.Dice;
  const $ = (id) => document.getElementById(id);
  const token = location.pathname.split("/").pop();
  let table = null;          // the last table message
  let shownReveal = 0;       // the round whose reveal is on screen
  let clockTimer = null;
  let refused = false;       // the hub said this link is not for this table: stop trying
  let retry = 500;

  function connect() {
    const scheme = location.protocol === "https:" ? "wss" : "ws";
    const ws = new WebSocket(`${scheme}://${location.host}/ws/${encodeURIComponent(token)}`);
    ws.onopen = () => { retry = 500; status(""); };
    ws.onmessage = (event) => {
      let message;
      try { message = JSON.parse(event.data); } catch (e) { return; }
      (HANDLERS[message.type] || (() => {}))(message);
    };
    ws.onclose = (event) => {
      if (refused || event.code === 4403) return;
      if (table && table.winner) return status("the game is over");  // its hub has ended: nothing to come back to
      status(event.reason === "the hub stopped" ? "the hub stopped" : "reconnecting to the hub…");
      setTimeout(connect, retry);
      retry = Math.min(retry * 2, 5000);
    };
    document.addEventListener("visibilitychange", () => {
      if (!document.hidden && ws.readyState === WebSocket.OPEN) ws.send(JSON.stringify({type: "sync"}));
    }, {once: true});
  }

  function status(text) { $("link").textContent = text; $("link").hidden = !text; }

  const HANDLERS = {
    hello: () => { if (!table) $("phase").textContent = "waiting for the game"; },
    table: drawTable,
    said: (m) => addSaid(m.text),
    reveal: (m) => {
      drawReveal(m.round, true);
      addRound(m.round);
      document.body.dataset.liveReveals = Number(document.body.dataset.liveReveals || 0) + 1;  // seen as it happened
    },
    shot: drawShot,
    won: (m) => banner(`${m.winner} wins the game`, "won"),
    seat_codes: (m) => {  // phone seats not yet seated, by name: each one's code is on the hub's screen only
      const box = $("codes");
      box.replaceChildren();
      box.hidden = !m.seats.length;
      if (m.seats.length) box.appendChild(el("h2", "", m.ask));  // the game kind's words: a seat, or the one cup
      for (const seat of m.seats) box.appendChild(el("p", "code", seat.name));
    },
    refused: (m) => {
      if (m.final) { refused = true; banner(m.reason, "refused"); $("phase").textContent = "refused"; }
      else addSaid(`(refused: ${m.reason})`);
    },
  };

  // How a game kind is drawn: the hub names the page module of a kind that draws its own table (a message's
  // "screen": pokertable.js's PokerTable); a message that names none is drawn here, with a cup for each seat.
  const faceTable = {drawSeats, drawMiddle: (t) => { drawMiddle(t); $("cupdice").hidden = true; },
                     drawReveal: drawFaceReveal, detail: faceDetail};
  const screenOf = (m) => (m.screen && window[m.screen]) || faceTable;

  function drawTable(t) {
    table = t;
    $("phase").textContent = t.paused ? "paused" : t.phase_words;
    if (t.phase !== "seating") $("codes").hidden = true;
    $("rules").textContent = t.rules || "dicecup";
    $("round").textContent = t.round ? `round ${t.round}` : "";
    screenOf(t).drawSeats(t, $("seats"));
    screenOf(t).drawMiddle(t);
    drawClock(t);
    (t.history || []).forEach(addRound);
    if (t.winner) banner(`${t.winner} wins the game`, "won");
    else if (t.paused) banner(`Paused: ${t.pause_reason}`, "paused");
    else banner("", "");
    const last = (t.history || [])[t.history ? t.history.length - 1 : 0];
    if (last && (t.phase === "between" || t.phase === "over")) drawReveal(last, shownReveal !== last.n);
    else if (t.phase === "bidding" || t.phase === "dealing") { $("reveal").hidden = true; $("shot").hidden = true; }
    fitLogs();  // the boxes' room changes with what is drawn above them
  }

  function drawSeats(t) {
    const list = $("seats");
    list.replaceChildren();
    t.seats.forEach((seat, i) => {
      const item = el("li", "seat" + (seat.to_act ? " to-act" : "") + (seat.alive === false ? " out" : "") +
                     (seat.connected ? "" : " dropped"));
      item.dataset.seat = seat.name;
      const head = el("div", "seat-head");
      head.appendChild(el("span", "order", i + 1));
      head.appendChild(el("span", "name", seat.name));
      head.appendChild(el("span", "kind kind-" + seat.kind, seat.kind));
      item.appendChild(head);
      if (seat.nerve !== undefined) {  // a rated table (issue 16): nerve, and after the game its change
        const moved = seat.nerve_change;
        const change = moved === undefined ? "" : ` (${moved >= 0 ? "+" : ""}${moved})`;
        item.appendChild(el("div", "nerve", `nerve ${seat.nerve}${change}`));
      }
      if (seat.alive === false) item.appendChild(el("div", "count", "out"));
      else if (seat.dice !== undefined) {
        const dice = el("div", "count");
        dice.appendChild(hiddenDice(seat.dice));
        dice.appendChild(el("span", "n", `${seat.dice} ${seat.dice === 1 ? "die" : "dice"}`));
        item.appendChild(dice);
      }
      if (t.revolver && seat.bullets !== undefined) {
        const gun = el("div", "bullets", "●".repeat(seat.bullets) + "○".repeat(6 - seat.bullets));
        gun.setAttribute("aria-label", `${seat.bullets} of 6 bullets`);
        item.appendChild(gun);
      }
      item.appendChild(el("div", "note", seat.to_act ? "▶ to play · " + seat.note : seat.note));
      list.appendChild(item);
    });
    if (!t.seats.length) list.appendChild(el("li", "seat empty", "waiting for cups to take their seats…"));
  }

  function drawMiddle(t) {
    const standing = $("standing");
    standing.replaceChildren();
    if (t.standing) {
      const bid = el("div", "bid");
      bid.appendChild(el("span", "q", t.standing.quantity));
      bid.appendChild(el("span", "times", "×"));
      bid.appendChild(die(t.standing.face, ""));
      standing.appendChild(bid);
      standing.appendChild(el("div", "words", `${t.standing.words} — by ${t.standing.by}`));
    } else standing.appendChild(el("span", "none", t.phase === "seating" ? "waiting for the game" : "no bid yet"));
    $("turn").textContent = t.winner ? "" : t.to_act && t.phase === "bidding" ? `${t.to_act} to play` : "";
    const bids = $("bids");
    bids.replaceChildren(...(t.bids || []).map((b) => el("li", "", `${b.seat} ${b.bid}`)));
    const facts = [];
    if (t.dice_in_play !== undefined) facts.push(`${t.dice_in_play} dice in play`);
    if (t.wild !== undefined) facts.push(t.wild ? "ones are wild" : "ones are not wild");
    if (t.palifico) facts.push(`palifico round (${t.palifico})`);
    $("facts").textContent = facts.join(" · ");
  }

  function drawClock(t) {
    const clock = $("clock");
    clearInterval(clockTimer);
    if (t.clock_left === null || t.clock_left === undefined || t.phase !== "bidding" || t.paused) {
      clock.hidden = true;
      return;
    }
    let left = t.clock_left;
    const show = () => {
      clock.hidden = false;
      clock.textContent = `${Math.max(left, 0)} s left`;
      clock.classList.toggle("hurry", left <= 5);
    };
    show();
    clockTimer = setInterval(() => { left -= 1; show(); }, 1000);
  }

  function drawReveal(round, animate) {
    shownReveal = round.n;
    const box = $("reveal");
    box.replaceChildren();
    box.hidden = false;
    box.classList.toggle("animate", !!animate);
    box.appendChild(el("h2", "", `Round ${round.n}: the reveal`));
    screenOf(round).drawReveal(round, box);
  }

  function drawFaceReveal(round, box) {
    if (round.call === "timeout") {
      box.appendChild(el("p", "verdict", round.verdict));
      return;
    }
    box.appendChild(el("p", "call", `${round.caller} calls ${round.call} on ${round.bid} (${round.bid_words}) by ${round.bidder}`));
    const rows = el("div", "cups");
    let k = 0;
    for (const [name, dice] of Object.entries(round.rolls)) {
      const row = el("div", "cup");
      row.appendChild(el("span", "name", name));
      const faces = el("span", "faces");
      for (const face of dice) {
        const mark = face === round.face ? "counted" : round.wild && face === 1 && round.face !== 1 ? "wild" : "other";
        const node = die(face, mark);
        node.style.animationDelay = `${0.08 * k++}s`;
        faces.appendChild(node);
      }
      row.appendChild(faces);
      rows.appendChild(row);
    }
    box.appendChild(rows);
    const count = el("p", "count");
    count.appendChild(el("strong", "", `count: ${round.count_words}`));
    count.appendChild(document.createTextNode(` against ${round.quantity} bid`));
    box.appendChild(count);
    box.appendChild(el("p", "verdict", round.verdict));
    if (round.shots && round.shots.length) $("shot").hidden = true;
  }

  function faceDetail(round) {
    return round.count_words ? ` (${round.bid} by ${round.bidder}; ${round.count_words})` : "";
  }

  function drawShot(m) {
    const box = $("shot");
    box.hidden = false;
    box.replaceChildren(el("span", "", `${m.seat} loads ${m.bullets} of 6, spins the cylinder… `),
                        el("strong", m.dead ? "bang" : "click", m.dead ? `BANG! ${m.seat} is out` : `click. ${m.seat} lives`));
  }

  function addRound(round) {
    const list = $("rounds");
    if (list.querySelector(`li[data-round="${round.n}"]`)) return;
    const item = el("li", "", `${round.n}. ${round.verdict}`);
    item.dataset.round = round.n;
    const detail = screenOf(round).detail(round);
    if (detail) item.appendChild(el("span", "detail", detail));
    list.prepend(item);
    fitWhole(list);
  }

  function addSaid(text) {
    const list = $("said");
    list.prepend(el("li", "", text));
    while (list.children.length > 30) list.lastChild.remove();
    fitWhole(list);
  }

  // On a TV the logs do not scroll (table.css: nobody scrolls a screen across the room), so a line that would be
  // cut at the bottom of its box is left out whole, with the older ones below it; the newest are on top.
  function fitWhole(list) {
    for (const line of list.children) line.hidden = false;
    if (getComputedStyle(list).overflowY !== "hidden") return;
    const bottom = list.getBoundingClientRect().top + list.clientHeight;
    let full = false;
    for (const line of list.children) {
      full = full || line.getBoundingClientRect().bottom > bottom + 0.5;
      line.hidden = full;
    }
  }
  const fitLogs = () => { fitWhole($("said")); fitWhole($("rounds")); };
  window.addEventListener("resize", fitLogs);

  function banner(text, kind) {
    const node = $("banner");
    node.textContent = text;
    node.className = "banner " + kind;
    node.hidden = !text;
  }

  connect();
})();
