// What a selection of cards can be read as, for the reading chooser and the Play button's label: a port of
// rules.readings, beats and name (games/zhubu_shengji/rules.py). The server decides what is legal; this only names
// the readings of the cards a player picked, which the server would otherwise need a round trip to say.
import { isWild, JOKER, RANK_NAME, RANK_VALUE, rank, suit, TWO } from "./client_cards.js";

const LOWEST = 6, MAX_SET = 7;
const BOMB_TITLES = { 1: "a Hand bomb", 2: "a Two bomb", 3: "a Joker bomb", 4: "a Wild bomb" };
const SET_WORDS = { 2: "pair", 3: "trio", 4: "quartet" };
const COUNT_WORDS = { 3: "three", 4: "four", 5: "five", 6: "six", 7: "seven" };
const combo = (kind, width, length, top, wilds = {}) => ({ kind, width, length, top, wilds });

function bombOf(cards) {
  if (cards.length === 4 && !cards.some(isWild)
      && cards.map(rank).sort((a, b) => a - b).join() === "7,9,11,13") return combo("bomb", 4, 1, 1);
  if (cards.length < 2 || !cards.every(isWild)) return null;
  const twos = cards.filter((c) => rank(c) === TWO).length, jokers = cards.length - twos;
  const level = { "2,0": 2, "1,1": 3, "2,1": 4 }[`${twos},${jokers}`];
  return level ? combo("bomb", cards.length, 1, level) : null;
}

function assignWilds(wildCards, slots) {
  const jokers = wildCards.filter((c) => rank(c) === JOKER), twos = wildCards.filter((c) => rank(c) === TWO);
  const sorted = [...slots].sort((a, b) => b - a);
  const onTop = sorted.filter((s) => s === JOKER).length;
  if (onTop > jokers.length || sorted.length !== wildCards.length) return null;
  const order = [...jokers.slice(0, onTop), ...twos, ...jokers.slice(onTop)];
  return Object.fromEntries(order.map((c, i) => [c, RANK_NAME[sorted[i]]]));
}

/** Every combination these cards can be read as (rules.readings). */
export function readings(cards) {
  const n = cards.length;
  const naturals = cards.filter((c) => !isWild(c)), wilds = cards.filter(isWild);
  const bomb = bombOf(cards);
  if (bomb) return [bomb];
  if (!naturals.length) return n === 1 ? [combo("set", 1, 1, rank(cards[0]))] : [];
  const ranks = naturals.map(rank);
  const found = [];
  if (new Set(ranks).size === 1 && n <= MAX_SET) {
    found.push(combo("set", n, 1, ranks[0], Object.fromEntries(wilds.map((w) => [w, RANK_NAME[ranks[0]]]))));
  }
  const counts = {};
  ranks.forEach((r) => { counts[r] = (counts[r] || 0) + 1; });
  const suits = new Set(naturals.map(suit));
  const low = Math.min(...ranks), high = Math.max(...ranks);
  for (const width of [1, 2, 3, 4]) {
    const length = Math.floor(n / width);
    if (n % width || length < (width === 1 ? 3 : 2)) continue;
    if (Math.max(...Object.values(counts)) > width || suits.size > width) continue;
    for (let top = Math.max(high, LOWEST + length - 1); top <= Math.min(low + length - 1, JOKER); top += 1) {
      const slots = [];
      for (let r = top - length + 1; r <= top; r += 1) for (let k = counts[r] || 0; k < width; k += 1) slots.push(r);
      const placed = assignWilds(wilds, slots);
      if (placed) found.push(combo("run", width, length, top, placed));
    }
  }
  return found;
}

function beats(nw, old) {
  if (!old) return true;
  if (nw.kind === "bomb") return old.kind !== "bomb" || nw.top > old.top;
  return old.kind !== "bomb" && nw.width === old.width && nw.length === old.length && nw.top > old.top;
}

const stronger = (a, b) => {   // rules.strength: bombs, then top, then width
  const sa = [a.kind === "bomb" ? 1 : 0, a.top, a.width], sb = [b.kind === "bomb" ? 1 : 0, b.top, b.width];
  for (let i = 0; i < 3; i += 1) if (sa[i] !== sb[i]) return sa[i] > sb[i];
  return false;
};

export function comboName(c) {
  if (!c) return "";
  const { top, width, length } = c;
  if (c.kind === "bomb") return BOMB_TITLES[top];
  if (c.kind === "set") {
    if (width === 1) return `a single ${RANK_NAME[top]}`;
    return width === 2 ? `a pair of ${RANK_NAME[top]}s` : `${COUNT_WORDS[width]} ${RANK_NAME[top]}s`;
  }
  const ranks = [];
  for (let r = top - length + 1; r <= top; r += 1) ranks.push(RANK_NAME[r]);
  return width === 1 ? `a run ${ranks.join("-")}` : `a run of ${SET_WORDS[width]}s ${ranks.join("-")}`;
}

export function wildWords(c) {
  if (!c || c.kind === "bomb") return "";
  const ranks = Object.values(c.wilds || {}).sort((a, b) => RANK_VALUE[a] - RANK_VALUE[b]);
  return ranks.length ? ` (wilds as ${ranks.join(", ")})` : "";
}

/** The readings of a selection that may be played now; the default (what the server picks) first. */
export function playableReadings(cards, current) {
  const good = readings(cards).filter((r) => beats(r, current));
  if (!good.length) return [];
  let best = good[0];
  good.forEach((r) => { if (stronger(r, best)) best = r; });
  const seen = new Set();
  return [best, ...good.filter((r) => r !== best)].filter((r) => {
    const key = comboName(r) + wildWords(r);
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}
