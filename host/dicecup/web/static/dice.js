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

window.Dice = {el, die, hiddenDice, FACE_WORDS};
