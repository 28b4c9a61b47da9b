// A phone seat's page: this phone is the player's cup. It does what a cup's firmware does (cupcore/cup.py): at a
// deal it draws a secret seed and sends only its commitment; once the hub's entropy comes its dice exist
// (fairdice.js), shown only while the player holds "peek"; at the call it reveals dice and seed, which the hub
// checks against the commitment. The deal is kept in localStorage, so a page reloaded (or reopened after the
// phone slept) mid-round answers the hub with the same commitment and the same dice. So is a random secret that
// says which phone this is: the seat sticks to the phone that took it, and its link on any other is refused.
// That secret is never sent (phonepage.py): the page proves it with an HMAC over the server's challenge, and while
// no phone holds the seat it sends it wrapped under the link's key, which came once in the address's fragment
// (#KEY, never sent by a browser) and is then kept here and taken off the address bar.
"use strict";
(function () {
  const {el, die} = window.Dice;
  const F = window.FairDice;
  const $ = (id) => document.getElementById(id);
  const token = location.pathname.split("/").pop();
  const STORE = "dicecup-phone-" + token;
  const DEVICE_STORE = "dicecup-device-" + token;
  const LINK_STORE = "dicecup-link-" + token;
  const enc = new TextEncoder();
  const PROOF_TAG = enc.encode("dicecup-device-1"), WRAP_TAG = enc.encode("dicecup-device-wrap-1");
  const SIT_WAIT_MS = 4000;         // how long "Take a seat" waits for the hub's answer before it is offered again

  const CUP_STORE = "dicecup-cup-" + token;
  let ws = null, refused = false, retry = 500;
  // The wire's numbers by name ({cues: {turn: 1, ...}, intents: {bid: 1, ...}, reasons: {2: "does not raise ..."}}),
  // from the hub's hello (cupcore/wire.py and wirenames.py are their one table); one object, filled in place, so the
  // table's cup module started before the hello reads them too.
  const wire = {cues: {}, intents: {}, reasons: {}};
  // The page module that plays this table's cup when the game kind has its own (the hello's "cup": pokerphone.js's
  // PokerPhone, the table's one poker cup passed round), else null: this page is one player's cup. Kept, so a page
  // reloaded mid-game shows the same cup before the hub answers.
  let tableCup = null;
  let cup = load();                 // {seat, deal, nonce, count, seed, digest, entropy, dice}
  let wireTable = null;             // the hub's last TABLE for this cup
  let publicTable = null;           // the table screen's message (names, the standing bid in words)
  let qty = 1, face = 2, clockTimer = null;
  let composedFrom = null;          // the hub's floors the composer started from; null: the ordinary raise only
  let touched = false;              // the player has changed the composer since its start
  let myName = null;                // this seat's name, from the hello: the hub's refusals naming it are shown
  let why = {text: "", exact: false};  // why the last move was refused: the hub's own words once they come
  let hashing = null;               // {deal, nonce} while a deal's commitment is being hashed

  function load() { try { return JSON.parse(localStorage.getItem(STORE)) || {}; } catch (e) { return {}; } }
  function save() { localStorage.setItem(STORE, JSON.stringify(cup)); }
  // Which phone this is, for this seat: made once, kept with the cup. Where storage is refused (some private
  // modes) it lasts as long as the page: a reload is then another phone, and the host's `release` lets it back.
  function deviceSecret() {
    let secret = null;
    try { secret = localStorage.getItem(DEVICE_STORE); } catch (e) { /* no storage: one for this page */ }
    if (!/^[0-9a-f]{32}$/.test(secret || "")) {
      secret = F.hex(crypto.getRandomValues(new Uint8Array(16)));
      try { localStorage.setItem(DEVICE_STORE, secret); } catch (e) { /* kept in memory below */ }
    }
    return secret;
  }
  const device = deviceSecret();
  // The link's key: from the fragment of the link the player opened (its QR code), once; then from storage.
  function linkKey() {
    let key = null;
    try { key = localStorage.getItem(LINK_STORE); } catch (e) { /* no storage: kept for this page */ }
    const given = location.hash.slice(1);
    if (/^[0-9a-f]{32}$/.test(given)) {
      key = given;
      try { localStorage.setItem(LINK_STORE, key); } catch (e) { /* kept in memory below */ }
    }
    if (location.hash) history.replaceState(null, "", location.pathname + location.search);  // off the address bar
    return key;
  }
  const link = linkKey();
  // The seat's link opened again over this page (only its fragment differs from the address now): a browser only
  // scrolls for that, so load the page afresh, as for any other link.
  window.addEventListener("hashchange", () => location.reload());
  let proven = false;               // the server took this page's proof (its hello came): cup messages may go
  function send(message) {
    if (ws && ws.readyState === WebSocket.OPEN && proven) ws.send(JSON.stringify({type: "cup", ...message}));
  }
  async function prove(socket, m) {  // phonepage.py's answer(): the proof, and the secret wrapped if no phone holds the seat
    const nonce = F.fromHex(m.nonce), secret = F.fromHex(device);
    const reply = {type: "device", proof: F.hex(await F.hmac(secret, PROOF_TAG, nonce))};
    if (!m.held && link) {
      const pad = await F.hmac(F.fromHex(link), WRAP_TAG, nonce);
      reply.wrapped = F.hex(secret.map((b, i) => b ^ pad[i]));
    }
    if (socket.readyState === WebSocket.OPEN) socket.send(JSON.stringify(reply));
  }
  function note(text) { $("note").textContent = text; }
  function buzz(ms) { if (navigator.vibrate) navigator.vibrate(ms); }

  function connect() {
    const scheme = location.protocol === "https:" ? "wss" : "ws";
    proven = false;
    const socket = ws = new WebSocket(`${scheme}://${location.host}/ws/p/${encodeURIComponent(token)}`);
    ws.onopen = () => { retry = 500; $("link").textContent = ""; if (cup.seat === undefined) sitAgain(); };
    ws.onmessage = (event) => {
      let m;
      try { m = JSON.parse(event.data); } catch (e) { return; }
      if (m.type === "challenge") return prove(socket, m);
      if (m.type === "cup" && tableCup && tableCup.claims(m)) tableCup.receive(m);
      else if (m.type === "cup") (CUP[m.m] || (() => {}))(m);
      else (PAGE[m.type] || (() => {}))(m);
      draw();
    };
    ws.onclose = (event) => {
      if (refused || [4400, 4401, 4403, 4409, 4423].includes(event.code)) return;  // phonepage.py: not coming back
      if (publicTable && publicTable.winner) { $("link").textContent = "the game is over"; return; }  // its hub ended
      $("link").textContent = "reconnecting to the hub…";
      setTimeout(connect, retry);
      retry = Math.min(retry * 2, 5000);
    };
  }

  const PAGE = {
    hello: (m) => {
      proven = true;
      Object.assign(wire, m.wire);
      useCup(m.cup);
      myName = m.seat;
      $("me").textContent = m.seat + "'s cup";
      document.title = `dicecup · ${m.seat}`;
      $("phase").textContent = "waiting for the game";
    },
    table: (m) => {
      publicTable = m;
      if (myTurn() && !touched && !composedFrom) startComposing(wireTable, false);  // its floors came after the turn
    },
    said: (m) => {  // the hub's words for a move of this seat it refused, in full, by the buttons
      if (m.refused === undefined) return;
      if (tableCup && tableCup.active()) return tableCup.refused(m);
      if (m.refused === myName) { why = {text: m.text, exact: true}; note(m.text); }
    },
    refused: (m) => {
      if (m.final) { refused = true; banner(m.reason, "refused"); ws.close(); }
      else { note(m.reason); sitAgain(); }  // e.g. pressed before the hub opened the seat: again
    },
  };

  // -- the cup's messages from the hub (cupcore/cup.py does the same on a board) --------------------------------
  const CUP = {
    welcome: (m) => {
      if (m.seat !== cup.seat) { cup = {seat: m.seat}; hashing = null; }
      save();
    },
    // Hashing takes a while (Web Crypto is asynchronous), and the hub may deal again meanwhile (another cup lost its
    // dice): whatever finishes for a deal that is no longer the latest is dropped, never stored over the newer one.
    deal: async (m) => {
      if (m.deal !== cup.deal) note("");
      if (cup.deal === m.deal && cup.seed) {
        if (cup.nonce !== m.nonce) return;  // one deal id, one nonce: never roll twice for a deal
      } else {
        if (hashing && hashing.deal === m.deal && hashing.nonce === m.nonce) return;  // answered once hashed
        const mark = hashing = {deal: m.deal, nonce: m.nonce}, seat = cup.seat, seed = F.newSeed();
        const digest = F.hex(await F.commitment(seed, F.fromHex(m.nonce), seat, m.dice));
        if (hashing !== mark) return;     // dealt again while this one hashed: the hub has replaced this deal
        hashing = null;
        cup = {seat, deal: m.deal, nonce: m.nonce, count: m.dice, seed: F.hex(seed), digest};
        save();
      }
      send({m: "commit", deal: cup.deal, digest: cup.digest});
      draw();
    },
    entropy: async (m) => {
      const dealt = cup;                  // the cup these dice are for, whatever comes while they are made
      if (m.deal !== dealt.deal || !dealt.seed || (dealt.entropy && dealt.entropy !== m.entropy)) return;
      if (!dealt.dice) {
        dealt.entropy = m.entropy;
        const dice = await F.roll(F.fromHex(dealt.seed), F.fromHex(dealt.nonce), dealt.seat, F.fromHex(m.entropy),
                                  dealt.count);
        if (cup !== dealt) return;        // dealt again (or the round ended) meanwhile: they are nobody's dice now
        dealt.dice = dice;
        save();
        draw();
      }
    },
    table: (m) => {
      const mine = m.turn === cup.seat && m.deal === cup.deal;
      if (mine && !(wireTable && wireTable.turn === cup.seat && wireTable.qty === m.qty && wireTable.face === m.face)) {
        startComposing(m);
        buzz(200);
      }
      wireTable = m;
    },
    reveal_req: (m) => {
      if (m.deal === cup.deal && cup.dice) send({m: "reveal", deal: cup.deal, dice: cup.dice, seed: cup.seed});
    },
    accept: (m) => {
      if (m.kind === wire.intents.ready) { clearTimeout(sitTimer); note("you have a seat"); } else note("");
    },
    refuse: (m) => {
      if (!why.exact) { why = {text: wire.reasons[m.reason] || "refused", exact: false}; note(why.text); }
      buzz([80, 60, 80]);
      sitAgain();
    },
    result: (m) => {
      const words = m.status === 2 ? "you won the game!" : m.status === 1 ? "you are out of the game" :
        m.change < 0 ? `you lost ${-m.change} ${m.change === -1 ? "die" : "dice"}` : m.change > 0 ? "you won a die back" : "";
      if (words) note(words);  // else what the round did to this player stays said (the revolver's click)
      cup = {seat: cup.seat, out: m.status === 1};
      wireTable = null;
      save();
    },
    cue: (m) => {
      if (m.cue === wire.cues.turn || m.cue === wire.cues.hurry) buzz(m.cue === wire.cues.turn ? 300 : 100);
      // The revolver: this player lost the round and pulled the trigger. A cup blinks; the phone says it, and buzzes.
      if (m.cue === wire.cues.click) {
        note(`click: the revolver spared you (${m.arg} ${m.arg === 1 ? "bullet" : "bullets"} in it now)`);
        buzz(150);
      }
      if (m.cue === wire.cues.bang) { note("BANG: the revolver fired, you are out"); buzz([500, 100, 500]); }
    },
    error: () => {},
  };

  // -- the player's side ----------------------------------------------------------------------------------------
  function myTurn() { return wireTable && wireTable.turn === cup.seat && cup.dice && wireTable.deal === cup.deal; }

  function draw() {
    const seated = cup.seat !== undefined;
    $("sit").hidden = seated || refused;
    // the table's cup once it is in play, or once the game is under way (the table message names its screen)
    const passedRound = !refused && tableCup !== null && (tableCup.active() || !!(publicTable && publicTable.screen));
    $("face-cup").hidden = $("middle").hidden = passedRound;
    $("poker").hidden = !passedRound;
    const t = publicTable;
    if (t) $("phase").textContent = t.paused ? "paused" : t.phase_words;
    if (passedRound) {
      $("me").textContent = "the table's cup";  // passed round: every player's in turn, nobody's seat
      $("compose").hidden = true;
      if (publicTable && publicTable.winner) banner(`${publicTable.winner} wins the game`);
      return tableCup.draw(publicTable);
    }
    $("peek").hidden = !cup.dice || refused;  // a refused page plays nothing, not even its old dice
    $("cupline").textContent = cup.out ? "you are out" : cup.dice ? `${cup.dice.length} dice under your cup` :
      cup.digest ? "shaking…" : seated ? "waiting for the deal" : "not seated yet";
    const standing = $("standing");
    standing.replaceChildren();
    if (wireTable && wireTable.qty) {
      const bid = el("div", "bid");
      bid.append(el("span", "q", wireTable.qty), el("span", "times", "×"), die(wireTable.face, ""));
      standing.append(bid);
      if (t && t.standing) standing.append(el("div", "words", `${t.standing.words} — by ${t.standing.by}`));
    } else {
      standing.append(el("span", "none", "no bid yet"));
      // what the last call came to, for a table with no screen to show the reveal on
      const last = t && t.history && t.history[t.history.length - 1];
      if (last) standing.append(el("div", "words last", `round ${last.n}: ${last.verdict}`));
    }
    const mine = myTurn() && !refused;
    $("turn").textContent = mine ? "your turn" : t && t.to_act && t.phase === "bidding" ? `${t.to_act} to play` : "";
    $("compose").hidden = !mine;
    if (mine) drawComposer();
    drawClock();
    if (t && t.winner && !refused) banner(`${t.winner} wins the game`);
  }

  // The composer starts at the smallest legal raise: the hub's floors (present.py: the least quantity this seat may
  // bid on each face, ones and the palifico lock counted) when its table message is about this same bid; until it
  // comes, the smallest ordinary raise, as a cup does (facecup.py).
  function startComposing(m, turnBegins = true) {
    touched = false;
    if (turnBegins) why = {text: "", exact: false};
    const floors = hubFloors(m);
    composedFrom = floors;
    const least = floors && smallestRaise(floors);
    if (least) { qty = least.qty; face = least.face; }
    else if (!m.qty) { qty = 1; face = 2; }
    else if (m.face < 6) { qty = m.qty; face = m.face + 1; }
    else { qty = m.qty + 1; face = m.face; }
  }

  function hubFloors(m) {  // the public table's floors, if it speaks of the bid the cup was sent (m)
    const t = publicTable;
    if (!t || !t.floors || t.to_act !== myName) return null;
    const same = t.standing ? t.standing.quantity === m.qty && t.standing.face === m.face : !m.qty;
    return same ? t.floors : null;
  }

  function smallestRaise(floors) {  // fewest dice; at a tie a face before ones (in a wild game they count for more)
    let least = null;
    for (const f of [2, 3, 4, 5, 6, 1]) {
      if (floors[f] != null && (least === null || floors[f] < least.qty)) least = {qty: floors[f], face: f};
    }
    return least;
  }

  const floorOf = (f) => (composedFrom && composedFrom[f]) || 1;

  function drawComposer() {
    $("qty").textContent = qty;
    $("face-shown").replaceChildren(die(face, ""));
    const faces = $("faces");
    if (!faces.children.length) {
      for (let f = 1; f <= 6; f++) {
        const b = el("button");
        b.dataset.face = f;
        b.setAttribute("aria-label", window.Dice.FACE_WORDS[f] + "s");
        b.append(die(f, ""));
        b.onclick = () => { face = f; qty = Math.max(qty, floorOf(f)); touched = true; draw(); };
        faces.append(b);
      }
    }
    for (const b of faces.children) {
      b.setAttribute("aria-pressed", String(Number(b.dataset.face) === face));
      b.disabled = !!composedFrom && composedFrom[Number(b.dataset.face)] == null;  // not a bid this turn
    }
    $("bid").textContent = `Bid ${qty} × ${face}`;
    $("why").textContent = why.text;
    const called = !wireTable.qty;
    $("liar").disabled = called;
    $("spot").disabled = called;
  }

  function drawClock() {
    clearInterval(clockTimer);
    const clock = $("clock");
    if (!myTurn() || !wireTable.clock) { clock.hidden = true; return; }
    let left = wireTable.clock;
    const show = () => { clock.hidden = false; clock.textContent = `${Math.max(left, 0)} s left`; clock.classList.toggle("hurry", left <= 5); };
    show();
    clockTimer = setInterval(() => { left -= 1; show(); }, 1000);
  }

  function intent(kind, q, f) {
    why = {text: "", exact: false};
    send({m: "intent", deal: cup.deal || 0, kind, qty: q, face: f});
    note("");
    draw();
  }

  function banner(text, kind = "won") {  // "won" (the game's end) or "refused" (this page stops)
    const b = $("banner");
    b.textContent = text;
    b.className = `banner ${kind}`;
    b.hidden = !text;
  }

  // "Take a seat" waits for the hub's answer, but not forever: a press sent while the link under the page changed
  // (a reconnect, the hub re-opening the seat's link) never reaches the hub, so the button comes back after a
  // while, as a cup's B button can simply be held again.
  let sitTimer = null;
  function sitAgain() { clearTimeout(sitTimer); sitTimer = null; $("sit").disabled = false; }
  $("sit").onclick = () => {
    $("sit").disabled = true;
    intent(wire.intents.ready, 0, 0);
    clearTimeout(sitTimer);
    sitTimer = setTimeout(sitAgain, SIT_WAIT_MS);
  };
  $("more").onclick = () => {
    qty = Math.min(qty + 1, (wireTable && wireTable.in_play) || 99);
    touched = true;
    draw();
  };
  $("less").onclick = () => { qty = Math.max(qty - 1, floorOf(face)); touched = true; draw(); };
  $("bid").onclick = () => intent(wire.intents.bid, qty, face);
  $("liar").onclick = () => intent(wire.intents.liar, 0, 0);
  $("spot").onclick = () => intent(wire.intents.spot, 0, 0);
  const peek = $("peek");
  const show = (on) => {
    const box = $("mydice");
    box.hidden = !on;
    box.replaceChildren(...(on && cup.dice ? cup.dice.map((d) => die(d, "")) : []));
  };
  peek.addEventListener("pointerdown", (e) => { peek.setPointerCapture(e.pointerId); show(true); });  // held
  for (const end of ["pointerup", "pointerleave", "pointercancel"]) peek.addEventListener(end, () => show(false));
  document.addEventListener("visibilitychange", () => { if (document.hidden) show(false); });

  function useCup(name) {
    const module = (name && window[name]) || null;
    if (module && module !== tableCup) module.start(send, note, wire);
    tableCup = module;
    try { localStorage.setItem(CUP_STORE, name || ""); } catch (e) { /* kept for this page */ }
  }
  try { useCup(localStorage.getItem(CUP_STORE)); } catch (e) { /* no storage: the hello says */ }
  draw();
  connect();
})();
