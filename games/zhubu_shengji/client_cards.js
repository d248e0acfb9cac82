// Zhubu Shengji's cards on the page: ranks and points of a code, the name a player reads, the face drawn in CSS.
import { h } from "/static/js/dom.js";

export const RANK_NAMES = ["6", "7", "8", "9", "10", "J", "Q", "K", "A", "2", "X"];
export const RANK_VALUE = Object.fromEntries(RANK_NAMES.map((n, i) => [n, i + 6]));
export const RANK_NAME = Object.fromEntries(RANK_NAMES.map((n, i) => [i + 6, n]));
export const TWO = 15, JOKER = 16;
const SUIT_SYMBOL = { C: "♣", D: "♦", H: "♥", S: "♠" };
const SUIT_NAME = { C: "clubs", D: "diamonds", H: "hearts", S: "spades" };
const WORDS = { J: "jack", Q: "queen", K: "king", A: "ace" };
const POINTS = { 7: 2, 9: 2, 11: 2, 13: 2, 15: 6, 16: 12 };   // D13

export const rank = (c) => RANK_VALUE[String(c).slice(0, -1)] || 0;
export const isWild = (c) => rank(c) >= TWO;
export const suit = (c) => (isWild(c) ? null : String(c).slice(-1));
export const points = (c) => POINTS[rank(c)] || 0;
export const cardPoints = (cards) => (cards || []).reduce((s, c) => s + points(c), 0);

/** What a screen reader says and a tooltip shows: "queen of hearts", "2 of clubs, wild", "joker". */
export function cardName(c) {
  if (rank(c) === JOKER) return "joker";
  const r = RANK_NAME[rank(c)], s = SUIT_NAME[String(c).slice(-1)];
  return rank(c) === TWO ? `2 of ${s}, wild` : `${WORDS[r] || r} of ${s}`;
}

/** The card's corner as text: "Q♥", "2♣", "★". */
export function cardShort(c) {
  return rank(c) === JOKER ? "★" : `${RANK_NAME[rank(c)]}${SUIT_SYMBOL[String(c).slice(-1)]}`;
}

export function cardClasses(c) {
  const classes = ["zs-card"];
  if (["D", "H"].includes(String(c).slice(-1)) && rank(c) !== JOKER) classes.push("zs-red");
  if (rank(c) === TWO) classes.push("zs-two");
  if (rank(c) === JOKER) classes.push("zs-joker");
  if (isWild(c)) classes.push("zs-wild");
  if (points(c)) classes.push("zs-points");
  return classes;
}

/** The face: rank and suit (a star and "joker" for a joker), "wild" under a 2. */
export function cardFace(c) {
  const r = rank(c);
  if (r === JOKER) return [h("span.zs-rank", "★"), h("span.zs-suit", "JKR")];
  const face = [h("span.zs-rank", RANK_NAME[r]), h("span.zs-suit", SUIT_SYMBOL[String(c).slice(-1)])];
  return r === TWO ? [...face, h("span.zs-tag", "wild")] : face;
}

/** A card on the table (not to be clicked), named for screen readers. */
export function tableCard(c, small = true) {
  const classes = cardClasses(c);
  if (small) classes.push("zs-small");
  const label = points(c) ? `${cardName(c)}, ${points(c)} points` : cardName(c);
  return h("span", { class: classes.join(" "), role: "img", "aria-label": label, title: label, dataset: { card: c } },
    cardFace(c).map((part) => { part.setAttribute("aria-hidden", "true"); return part; }));
}

/** Cards in a log line: "Q♥ 2♣", each named for screen readers. */
export function miniCards(cards) {
  return h("span.zs-minis", cards.map((c) => h("span", {
    class: `zs-mini${cardClasses(c).includes("zs-red") ? " zs-red" : ""}`, role: "img", "aria-label": cardName(c),
  }, cardShort(c))));
}
