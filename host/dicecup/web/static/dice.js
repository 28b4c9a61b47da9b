// Dice drawn with pips (not digits alone), shared by the table screen and, later, the phone cup.
// A counted die is marked three ways, so no one needs to tell colours apart: a thick outline, a filled face
// (Okabe–Ito blue; wild ones Okabe–Ito orange with a star) and the others faded.
"use strict";

const PIPS = {1: [4], 2: [0, 8], 3: [0, 4, 8], 4: [0, 2, 6, 8], 5: [0, 2, 4, 6, 8], 6: [0, 2, 3, 5, 6, 8]};
const FACE_WORDS = ["", "one", "two", "three", "four", "five", "six"];

function el(tag, cls, text) {
  const node = document.createElement(tag);
  if (cls) node.className = cls;
  if (text !== undefined && text !== null) node.textContent = String(text);
  return node;
}

function die(face, mark) {
  // mark: "counted", "wild", "other" or "" (no count to show)
  const node = el("span", "die" + (mark ? " " + mark : ""));
  node.setAttribute("role", "img");
  node.setAttribute("aria-label", FACE_WORDS[face] + (mark === "counted" ? " (counted)" : mark === "wild" ? " (wild, counted)" : ""));
  node.dataset.face = face;
  for (let i = 0; i < 9; i++) node.appendChild(el("i", PIPS[face] && PIPS[face].includes(i) ? "pip" : ""));
  if (mark === "wild") node.appendChild(el("b", "star", "★"));
  return node;
}

function hiddenDice(n) {
  const box = el("span", "hidden-dice");
  box.setAttribute("aria-label", n + (n === 1 ? " die" : " dice"));
  for (let i = 0; i < n; i++) box.appendChild(el("span", "cupdie"));
  return box;
}

// Poker dice (issue 14) show ranks, 9 T J Q K A, not pips; a die under the cup is drawn face down, never its face
// (the page is never sent one). A die that makes the hand at the reveal is marked as a counted die is.
const RANK_WORDS = {"9": "nine", "T": "ten", "J": "jack", "Q": "queen", "K": "king", "A": "ace"};

function pokerDie(face, mark) {
  // mark: "counted" (makes the hand), "other" or ""
  const node = el("span", "pdie" + (mark ? " " + mark : ""), face);
  node.setAttribute("role", "img");
  node.setAttribute("aria-label", (RANK_WORDS[face] || face) + (mark === "counted" ? " (makes the hand)" : ""));
  node.dataset.face = face;
  return node;
}

function faceDown(slot) {
  const node = el("span", "pdie facedown", "?");
  node.setAttribute("role", "img");
  node.setAttribute("aria-label", `die ${slot}, under the cup`);
  node.dataset.die = slot;
  return node;
}

window.Dice = {el, die, hiddenDice, pokerDie, faceDown, FACE_WORDS, RANK_WORDS};
