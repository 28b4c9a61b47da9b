// A phone as the table's one poker cup (docs/protocol.md "Poker"): the page does what cupcore/pokercup.py does on
// a board, and the phone is passed from hand to hand as the cup would be. Each die is its own: rolled in a
// sub-deal (pdeal), committed to alone (pcommit), made from the hub's entropy, opened alone (open) when it goes
// to the table, is rolled in the open, or the cup is lifted. Every die's seed comes from one round secret
// (FairDice.dieSeed), opened when the hub says the round is over (pclose: an open of die 0).
//
// The page shows what the holder may see: the dice on the table always, the dice under the cup only once the
// holder chooses to look, and never again once the cup has been passed on (a new holder, stage or bid covers it).
// phone.js hands this module every cup message of a poker table; the cup's state is kept in localStorage, so a
// page reloaded mid-round answers with the same commitments and dice.
"use strict";
(function () {
  const {el, pokerDie, faceDown} = window.Dice;
  const F = window.FairDice;
  const $ = (id) => document.getElementById(id);
  const STORE = "dicecup-poker-" + location.pathname.split("/").pop();
  const NO_BID = 0xffff, LEFT = 1, ALL = 0x1f, DICE = 5;
  const RANKS = ["", "9", "T", "J", "Q", "K", "A"];
  const OWN = new Set(["pdeal", "ptable", "pclose"]);
  const SHARED = new Set(["entropy", "reveal_req", "accept", "refuse"]);

  let send = () => {};
  let note = () => {};
  let wire = {stages: {}, intents: {}, reasons: {}};  // the wire's numbers and words by name: phone.js's, from the hub
  let table = null;                // the table screen's message (names, the standing bid in words)
  let cup = load();
  // the hub's last ptable (stage null: none yet)
  let view = {stage: null, holder: 0xff, onTable: 0, way: 0, standing: NO_BID};
  let looking = false, picked = 0, bid = [], awaiting = 0;
  let shaken = false;              // this holder has shaken or rolled: dice no longer move between cup and table
  let bidFrom = null;              // the standing bid (its code) the composer was started above by the hub's raise
  let touched = false;             // the holder has changed the composed bid since
  let why = {text: "", exact: false};  // why the last move was refused: the hub's own words once they come
  let queue = Promise.resolve();   // messages are handled one at a time, in order, as the firmware's loop does

  function fresh() {
    return {round: 0, secret: null, secretFrom: 0, spent: true, sub: [0, 0, 0, 0, 0], nonces: ["", "", "", "", ""],
            faces: [0, 0, 0, 0, 0], pending: 0, opened: 0};
  }
  function load() { try { return JSON.parse(localStorage.getItem(STORE)) || fresh(); } catch (e) { return fresh(); } }
  function save() { try { localStorage.setItem(STORE, JSON.stringify(cup)); } catch (e) { /* kept in memory */ } }
  const bit = (d) => 1 << d;
  const rolled = () => !cup.pending && cup.faces.every(Boolean);

  // -- the hand code both ways (cupcore/pokercup.py hand_code / hand_dice) -----------------------------------
  function handCode(named) {
    let code = 0;
    for (let i = 0; i < DICE; i++) code = code * 7 + (named[i] || 0);
    return code;
  }
  function handDice(code) {
    const out = [0, 0, 0, 0, 0];
    for (let i = DICE - 1; i >= 0; i--) { out[i] = code % 7; code = Math.floor(code / 7); }
    return out;
  }

  // -- messages from the hub -----------------------------------------------------------------------------------
  // Whether a cup message is this module's: the poker cup's own, or a shared one once the poker cup is in play.
  function claims(m) { return OWN.has(m.m) || (SHARED.has(m.m) && active()); }
  // Whether the hub's last ptable names one of these stages (pokercup.py's, by name: "opening", "tries", ...).
  function at(...stages) { return stages.some((name) => view.stage === wire.stages[name]); }
  function waiting() { return view.stage === null || at("waiting"); }
  function active() { return cup.secretFrom > 0 || !waiting() || view.holder !== 0xff; }
  function receive(m) {
    queue = queue.then(() => HANDLERS[m.m](m)).catch((e) => note(`the cup hit a fault: ${e.message}`))
      .then(() => draw());
    return queue;
  }

  const seedOf = (d) => F.dieSeed(F.fromHex(cup.secret), cup.sub[d], d + 1);

  const HANDLERS = {
    async pdeal(m) {
      if (!m.dice || m.dice & ~ALL) return;
      if (cup.spent) {  // the round's first roll: a new round secret
        cup = {...fresh(), round: cup.round, secret: F.hex(F.newSeed()), secretFrom: m.deal, spent: false};
      }
      for (let d = 0; d < DICE; d++) {
        if (!(m.dice & bit(d))) continue;
        if (!(cup.sub[d] === m.deal && cup.pending & bit(d))) {  // the same pdeal again: the same seed
          cup.sub[d] = m.deal;
          cup.nonces[d] = m.nonce;
          cup.faces[d] = 0;
          cup.pending |= bit(d);
          cup.opened &= ~bit(d);
        }
        save();
        const digest = await F.commitment(await seedOf(d), F.fromHex(cup.nonces[d]), d + 1, 1);
        send({m: "pcommit", deal: m.deal, die: d + 1, digest: F.hex(digest)});
      }
    },
    async entropy(m) {
      let made = 0;
      for (let d = 0; d < DICE; d++) {
        if (cup.sub[d] !== m.deal || !(cup.pending & bit(d))) continue;
        cup.faces[d] = (await F.roll(await seedOf(d), F.fromHex(cup.nonces[d]), d + 1, F.fromHex(m.entropy), 1))[0];
        made |= bit(d);
      }
      if (!made) return;  // nothing waits for it (or it came before)
      cup.pending &= ~made;
      save();
      // a try is rolled in the open; an open roll's table dice are seen as they land
      await openDice(at("tries", "lifted") ? made : made & view.onTable);
    },
    ptable(m) {
      if (m.round !== cup.round) {  // a new round: all five under the cup, a new secret at its first roll
        cup = {...cup, round: m.round, pending: 0, opened: 0, spent: true, faces: [0, 0, 0, 0, 0]};
        save();
      }
      const moved = m.stage !== view.stage || m.holder !== view.holder || m.standing !== view.standing;
      if (moved) {
        looking = false;  // passed on: the next holder looks for themselves
        picked = 0;
        shaken = m.holder === view.holder && m.stage === view.stage && shaken;
        why = {text: "", exact: false};
      }
      view = {stage: m.stage, holder: m.holder, onTable: m.on_table, way: m.way || LEFT, standing: m.standing};
      if (moved) composeAfresh();
    },
    reveal_req() { return openDice(ALL & ~cup.opened & ~cup.pending); },
    pclose() {
      if (!cup.secretFrom) return;
      cup.spent = true;
      save();
      send({m: "open", deal: cup.secretFrom, die: 0, face: 0, seed: cup.secret});
    },
    accept(m) {
      if (m.kind !== awaiting) return;
      awaiting = 0;
      // the rules: moves come before any roll
      if (m.kind === wire.intents.shake || m.kind === wire.intents.roll) shaken = true;
    },
    refuse(m) {
      if (m.kind !== awaiting) return;
      awaiting = 0;
      composeAfresh();
      if (!why.exact) why = {text: wire.reasons[m.reason] || "refused", exact: false};
      note(why.text);
    },
  };

  function startingBid(standing) { return standing === NO_BID ? [] : handDice(standing).filter(Boolean); }

  // The composed bid starts at the lowest hand that beats the standing one: the hub's (pokerpresent.py), once its
  // table message speaks of this same standing bid; until then the standing hand itself, to build on.
  function composeAfresh() { bid = startingBid(view.standing); bidFrom = null; touched = false; }
  function raiseFromTable() {
    const raise = table && table.raise;
    if (touched || bidFrom === view.standing || !raise || raise.above !== view.standing) return;
    bid = raise.dice.slice();
    bidFrom = view.standing;
  }

  // The hub's words for a refused move of the cup's holder (phone.js hands them over), shown by the bid buttons.
  function refused(m) {
    const seats = (table && table.seats) || [];
    if (!seats[view.holder] || seats[view.holder].name !== m.refused) return;
    why = {text: m.text, exact: true};
    note(m.text);
    draw();
  }

  async function openDice(mask) {
    for (let d = 0; d < DICE; d++) {
      if (!(mask & bit(d)) || !cup.faces[d]) continue;
      send({m: "open", deal: cup.sub[d], die: d + 1, face: cup.faces[d], seed: F.hex(await seedOf(d))});
      cup.opened |= bit(d);
    }
    save();
  }

  function intent(kind, qty = 0, face = 0) {
    awaiting = kind;
    why = {text: "", exact: false};
    note("");
    send({m: "intent", deal: waiting() ? 0 : cup.round & 0xffff, kind, qty, face});
    draw();
  }

  function bidIntent(kind) {
    const code = handCode(bid);
    intent(kind, code >> 8, code & 255);
  }

  // -- the holder's moves --------------------------------------------------------------------------------------
  const busy = () => awaiting || cup.pending;
  const MOVES = {
    pshake: () => intent(wire.intents.shake),
    plook: () => { looking = !looking; draw(); },
    ptake: () => intent(wire.intents.take),
    pliar: () => intent(wire.intents.liar),
    pshow: () => {
      const mask = picked & ~view.onTable;
      picked = 0;
      queue = queue.then(() => openDice(mask)).then(draw);  // to the table: each opened alone
    },
    phide: () => { const mask = picked & view.onTable; picked = 0; intent(wire.intents.hide, mask); },
    proll: () => { const mask = picked & view.onTable; picked = 0; intent(wire.intents.roll, mask); },
    ptry: () => { const mask = picked; picked = 0; intent(wire.intents.try, mask); },
    pclear: () => { bid = []; touched = true; draw(); },
    pbidleft: () => bidIntent(wire.intents.pbid_left),
    pbidright: () => bidIntent(wire.intents.pbid_right),
    pbidon: () => bidIntent(wire.intents.pbid),
  };

  // -- what the page shows ---------------------------------------------------------------------------------------
  function draw(publicTable) {
    if (publicTable !== undefined) table = publicTable;
    if ($("poker").hidden) return;
    raiseFromTable();
    const holder = ((table && table.seats) || []).map((s) => s.name)[view.holder];
    const holds = at("opening", "receiving", "handling", "tries");
    document.body.dataset.pokerStage = view.stage;
    document.body.dataset.busy = busy() ? "1" : "";
    $("pholder").textContent = holder && holds ? `${holder} holds the cup` : at("lifted") ?
      "the cup is lifted" : "waiting for the next round";
    drawStanding();
    drawDice();
    drawMoves(holds);
  }

  function drawStanding() {
    const box = $("pstanding");
    box.replaceChildren();
    if (view.standing === NO_BID) return box.append(el("span", "none", "no bid yet"));
    const standing = table && table.standing;
    box.append(el("span", "words", standing ? `${standing.by} bids ${standing.words}` : "the standing bid"),
               hand(startingBid(view.standing)));
  }

  function hand(faces) {
    const row = el("span", "hand");
    if (!faces.length) row.append(el("span", "junk", "junk"));
    for (const f of faces) row.append(pokerDie(RANKS[f], ""));
    return row;
  }

  function drawDice() {
    const row = $("pdice");
    row.replaceChildren();
    const pickable = at("handling", "tries");
    for (let d = 0; d < DICE; d++) {
      const onTable = !!(view.onTable & bit(d)) || at("lifted");
      const seen = cup.faces[d] && (onTable || looking);
      const b = el("button", "pick" + (picked & bit(d) ? " picked" : "") + (onTable ? " table" : " under"));
      b.dataset.die = d + 1;
      b.dataset.where = onTable ? "table" : "cup";
      b.disabled = !pickable || !!busy();
      b.setAttribute("aria-pressed", String(!!(picked & bit(d))));
      b.append(seen ? pokerDie(RANKS[cup.faces[d]], "") : faceDown(d + 1), el("span", "where", onTable ? "table" : "cup"));
      b.onclick = () => { picked ^= bit(d); draw(); };
      row.append(b);
    }
  }

  function drawMoves(holds) {
    const free = !busy();
    const show = (id, on) => { $(id).hidden = !on; $(id).disabled = !free; };
    const composing = rolled() && at("opening", "handling");
    show("pshake", (at("opening") && !rolled()) || at("handling"));
    show("plook", holds && rolled() && !at("receiving"));
    $("plook").textContent = looking ? "Cover the cup" : "Look under the cup";
    show("ptake", at("receiving"));
    show("pliar", at("receiving"));
    for (const id of ["pshow", "phide"]) show(id, at("handling") && !shaken);
    show("proll", at("handling"));
    show("ptry", at("tries"));
    $("pcompose").hidden = !composing;
    if (!composing) return;
    $("pbid").replaceChildren(hand(bid));
    $("pwhy").textContent = why.text;
    const ranks = $("pranks");
    if (!ranks.children.length) {
      for (let f = 1; f <= 6; f++) {
        const b = el("button", "rank", RANKS[f]);
        b.dataset.rank = RANKS[f];
        b.onclick = () => { if (bid.length < DICE) bid.push(f); touched = true; draw(); };
        ranks.append(b);
      }
    }
    show("pclear", true);
    show("pbidleft", at("opening"));
    show("pbidright", at("opening"));
    show("pbidon", at("handling"));
  }

  function start(sender, noter, wireWords) {
    send = sender;
    note = noter;
    wire = wireWords;
    for (const [id, move] of Object.entries(MOVES)) $(id).onclick = move;
  }

  window.PokerPhone = {start, claims, receive, draw, active, refused, handCode, handDice,
                       state: () => ({...view, ...cup, looking, picked, awaiting, rolled: rolled()})};
})();
