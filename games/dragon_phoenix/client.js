// Dragon and Phoenix: the table renderer (plain ES module, cards drawn with HTML/CSS).
// Everything from the server goes through h()/textContent: never innerHTML.
import { fill, h, seatColour } from "/static/js/dom.js";

const SUITS = { C: ["♣", "clubs"], D: ["♦", "diamonds"], H: ["♥", "hearts"], S: ["♠", "spades"] };
const SPECIALS = { herald: "Herald", fox: "Fox", phoenix: "Phoenix", dragon: "Dragon" };
const SPECIAL_MARK = { herald: "2", fox: "✦", phoenix: "✸", dragon: "✹" };
const RANKS = ["3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A"];
const RANK_VALUE = Object.fromEntries(RANKS.map((r, i) => [r, i + 3]));
const SUIT_ORDER = ["C", "D", "H", "S"];
const SLOTS = [["left", "Left"], ["partner", "Partner"], ["right", "Right"]];
const CALL_NAMES = { highFlight: "High Flight", takeOff: "Take-off" };
const PLACES = ["1st", "2nd", "3rd", "4th"];

let ctx = null;
let root = null;
let data = {};
let state = null;
let selected = new Set();           // card codes selected for a play
let passing = { left: null, partner: null, right: null };
let phoenixAs = "";                 // "" = the highest reading
let wish = "";                      // "" = no wish
const els = {};

// ----- cards ---------------------------------------------------------------------------------
function rankOf(code) { return SPECIALS[code] ? null : code.slice(0, -1); }
function suitOf(code) { return SPECIALS[code] ? null : code.slice(-1); }

function sortKey(code) {
  if (code === "herald") return 20;
  if (code === "fox") return 21;
  if (code === "phoenix") return 22;
  if (code === "dragon") return 1000;
  return RANK_VALUE[rankOf(code)] * 10 + SUIT_ORDER.indexOf(suitOf(code)) + 30;
}
export function sortCards(cards) { return [...cards].sort((a, b) => sortKey(a) - sortKey(b)); }

export function cardLabel(code) {
  if (SPECIALS[code]) return SPECIALS[code];
  return `${rankOf(code)} of ${SUITS[suitOf(code)][1]}`;
}

/** A card face: <div class="dp-card"> with the rank and the suit sign, or the special's name. */
function cardFace(code, { small = false, tag = "div", props = {} } = {}) {
  const special = SPECIALS[code];
  const cls = `dp-card${small ? " dp-small" : ""}${special ? ` dp-special dp-${code}` : ` dp-suit-${suitOf(code)}`}`;
  const children = special
    ? [h("span.dp-rank", SPECIAL_MARK[code]), h("span.dp-name", special)]
    : [h("span.dp-rank", rankOf(code)), h("span.dp-suit", { "aria-hidden": "true" }, SUITS[suitOf(code)][0])];
  return h(tag, { ...props, class: `${cls}${props.class ? ` ${props.class}` : ""}`, dataset: { card: code },
    title: cardLabel(code), "aria-label": props["aria-label"] || cardLabel(code) }, children);
}

function cardRow(cards, small = true) {
  return h("span.dp-cards", sortCards(cards).map((c) => cardFace(c, { small })));
}

// ----- players --------------------------------------------------------------------------------
function players() { return (ctx && ctx.players) || []; }
function player(id) { return players().find((p) => p.id === id); }
function nameOf(id) { const p = player(id); return p ? p.name : `player ${id}`; }
function nameEl(id) {
  const p = player(id);
  return h("span.dp-player", { style: `color:${seatColour(p ? p.seat : 0)}` }, p ? p.name : `player ${id}`);
}
function mySeat() { const p = player(ctx.me); return p ? p.seat : null; }
function bySeat(seat) { return players().find((p) => p.seat === ((seat % 4) + 4) % 4); }

// ----- what may be played (a hint: the server decides) -----------------------------------------
function topSingle() {
  const top = state && state.args && state.args.top;
  return top && top.type === "single" ? top.rank : null;
}
function leading() { return Boolean(state && state.args && state.args.lead); }
function myTurn() { return Boolean(ctx && ctx.isMyTurn() && state && state.name === "playerTurn"); }

/** Cards that may be played alone now: any card when leading, higher singles on a single. */
function playableSingles() {
  const hand = data.hand || [];
  if (!myTurn()) return new Set();
  if (leading()) return new Set(hand);
  const top = topSingle();
  if (top === null) return new Set();
  return new Set(hand.filter((c) => {
    if (c === "dragon") return top < 15;
    if (c === "phoenix") return top < 15;
    if (c === "herald" || c === "fox") return false;
    return RANK_VALUE[rankOf(c)] > top;
  }));
}

// ----- module interface -----------------------------------------------------------------------
export function setup(rootEl, d, c) {
  ctx = c;
  root = rootEl;
  data = d || {};
  state = c.view && c.view.state;
  selected = new Set();
  Object.assign(els, {
    info: h("div.dp-info"),
    seats: h("ul.dp-seats", { "aria-label": "Seats" }),
    round: h("section.dp-round", { "aria-label": "The open round" }),
    lastRound: h("div.dp-last-round"),
    passPanel: h("section.dp-pass-panel", { "aria-label": "Passing cards", hidden: true }),
    choices: h("div.dp-choices"),
    hand: h("div.dp-hand", { role: "group", "aria-label": "Your hand" }),
    summary: h("section.dp-summary", { "aria-label": "Last hand" }),
    handKey: null,
  });
  fill(root, h("div.dp-table", els.info, els.seats, els.round, els.lastRound, els.passPanel,
    h("section.dp-hand-wrap", h("h3.dp-h", "Your hand"), els.hand, els.choices), els.summary));
  render();
}

export function update(d, view) {
  data = d || {};
  state = view && view.state;
  const hand = new Set(data.hand || []);
  selected = new Set([...selected].filter((c) => hand.has(c)));
  for (const [slot] of SLOTS) if (passing[slot] && !hand.has(passing[slot])) passing[slot] = null;
  render();
}

export function onEnteringState(s, d) {
  state = s;
  if (d) data = d;
  if (s.name === "passCards") passing = { left: null, partner: null, right: null };
  if (s.name === "highFlight") selected = new Set();
  render();
}

export function onLeavingState() {}

export function onUpdateActionButtons(s, d) {
  state = s;
  if (d) data = d;
  if (!ctx || ctx.replay) return;
  const possible = (s && s.possible_actions) || [];
  const active = ctx.isMyTurn();
  if (s.name === "highFlight" && active && possible.includes("highFlight")) {
    ctx.addActionButton("Call High Flight (±200)", () => ctx.perform("highFlight", { call: true }), { className: "dp-call" });
    ctx.addActionButton("No High Flight", () => ctx.perform("highFlight", { call: false }), { className: "secondary" });
  }
  if (s.name === "passCards" && active && possible.includes("passCards")) {
    const ready = SLOTS.every(([slot]) => passing[slot]);
    const b = ctx.addActionButton("Pass the cards", () => sendPasses(), { className: "dp-pass-cards" });
    b.disabled = !ready;
  }
  if (s.name === "playerTurn" && active && possible.includes("playCards")) {
    const b = ctx.addActionButton(selected.size ? `Play ${selected.size} card${selected.size > 1 ? "s" : ""}` : "Play",
      () => playSelected(), { className: "dp-play" });
    b.disabled = selected.size === 0;
  }
  if (s.name === "playerTurn" && active && possible.includes("pass")) {
    ctx.addActionButton("Pass", () => ctx.perform("pass", {}), { className: "secondary dp-pass" });
  }
  if (!(s.name === "playerTurn" && active) && possible.includes("playCards")) {
    // out of turn the server offers playCards only when a bomb in hand may be played now
    const b = ctx.addActionButton(selected.size ? "Bomb! (play the selected bomb)" : "Bomb! (select your bomb)",
      () => playSelected(), { className: "out-of-turn dp-bomb" });
    b.disabled = selected.size < 4;
  }
  if (s.name === "giveDragon" && active && possible.includes("giveDragon")) {
    for (const to of (s.args && s.args.opponents) || []) {
      ctx.addActionButton(`Give the Dragon's round to ${nameOf(to)}`, () => ctx.perform("giveDragon", { to }),
        { className: "dp-give" });
    }
  }
  if (possible.includes("autoPass")) {
    if (data.auto_pass) {
      ctx.addActionButton("Stop passing automatically", () => ctx.perform("autoPass", { on: false }),
        { className: "out-of-turn dp-autopass" });
    } else {
      ctx.addActionButton("Pass until the round ends", () => ctx.perform("autoPass", { on: true }),
        { className: "out-of-turn dp-autopass" });
    }
  }
  if (possible.includes("takeOff")) {
    ctx.addActionButton("Call Take-off (±100)", () => ctx.perform("takeOff", {}), { className: "out-of-turn dp-takeoff" });
  }
}

// ----- actions --------------------------------------------------------------------------------
async function playSelected() {
  if (!selected.size) { ctx.showMessage("Select the cards to play first."); return false; }
  const cards = sortCards([...selected]);
  const args = { cards };
  if (cards.includes("phoenix") && cards.length > 1 && phoenixAs) args.phoenix = phoenixAs;
  if (cards.includes("herald") && wish && data.wish_option !== false) args.wish = wish;
  const ok = await ctx.perform("playCards", args);
  if (ok) { selected = new Set(); phoenixAs = ""; wish = ""; render(); }
  return ok;
}

function sendPasses() {
  if (!SLOTS.every(([slot]) => passing[slot])) {
    ctx.showMessage("Choose one card for each of the three other players.");
    return;
  }
  ctx.perform("passCards", { ...passing });
}

function refreshButtons() {
  // the shell rebuilds the bar on each view; between views keep the Play button's label right
  if (!ctx || ctx.replay || !state) return;
  ctx.clearActionButtons();
  onUpdateActionButtons(state, data);
}

function toggle(code) {
  if (state && state.name === "passCards" && ctx.isMyTurn()) {
    const has = SLOTS.find(([slot]) => passing[slot] === code);
    if (has) passing[has[0]] = null;
    else {
      const free = SLOTS.find(([slot]) => !passing[slot]);
      if (!free) { ctx.showMessage("Three cards are chosen: click one to take it back."); return; }
      passing[free[0]] = code;
    }
  } else if (selected.has(code)) selected.delete(code);
  else selected.add(code);
  render(code);
  refreshButtons();
}

// ----- drawing --------------------------------------------------------------------------------
function render(focusCode) {
  if (!root || !els.hand) return;
  const focused = focusCode || (document.activeElement && document.activeElement.dataset
    && els.hand.contains(document.activeElement) ? document.activeElement.dataset.card : null);
  renderInfo();
  renderSeats();
  renderRound();
  renderPassPanel();
  renderHand();
  renderChoices();
  renderSummary();
  if (focused) {
    const again = els.hand.querySelector(`[data-card="${CSS.escape(focused)}"]`);
    if (again) again.focus();
  }
}

function renderInfo() {
  const bits = [h("span.dp-chip", `Hand ${data.hand_number || 0}`), h("span.dp-chip", `Target ${data.target || ""}`)];
  const teams = data.teams || [];
  const totals = data.totals || [0, 0];
  teams.forEach((team, i) => {
    bits.push(h("span.dp-chip.dp-team", team.map((id, j) => [j ? " & " : "", nameEl(id)]), `: ${totals[i]}`));
  });
  if (data.wish) bits.push(h("span.dp-chip.dp-wish", `Wish: ${data.wish}`));
  if (data.wish_option === false) bits.push(h("span.dp-chip", "No-wish variant"));
  if (data.auto_pass) bits.push(h("span.dp-chip.dp-auto", "Passing until the round ends"));
  fill(els.info, bits);
}

function renderSeats() {
  const me = mySeat();
  const base = me === null ? 0 : me;
  const active = new Set((state && state.active_players) || []);
  const where = ["You", "Left", "Partner", "Right"];
  const out = data.out || [];
  const calls = data.calls || {};
  const sizes = data.hand_sizes || {};
  const won = data.won_counts || {};
  const passed = new Set(data.passed || []);
  const rows = [0, 1, 2, 3].map((offset) => {
    const p = bySeat(base + offset);
    if (!p) return null;
    const id = p.id;
    const facts = [];
    if (String(id) in sizes) facts.push(h("span.dp-fact.dp-size", `${sizes[String(id)]} cards`));
    if (String(id) in won) facts.push(h("span.dp-fact", `won ${won[String(id)]}`));
    if (calls[String(id)]) facts.push(h("span.dp-fact.dp-callmark", CALL_NAMES[calls[String(id)]] || calls[String(id)]));
    if (out.includes(id)) facts.push(h("span.dp-fact.dp-outmark", `out ${PLACES[out.indexOf(id)]}`));
    if (passed.has(id) && (data.trick || []).length) facts.push(h("span.dp-fact", "passed"));
    if (data.last_player === id && (data.trick || []).length) facts.push(h("span.dp-fact.dp-topmark", "on top"));
    if (state && state.name === "highFlight" && (data.high_flight_answered || []).includes(id)) facts.push(h("span.dp-fact", "answered"));
    return h("li.dp-seat", { class: `dp-seat${active.has(id) ? " dp-active" : ""}`, dataset: { player: id },
      style: `border-color:${seatColour(p.seat)}` },
    h("div.dp-seat-head", active.has(id) ? h("span.dp-turn", { title: "their turn" }, "▶ ") : null, nameEl(id),
      h("span.dp-where", me === null ? `seat ${p.seat + 1}` : where[offset])),
    h("div.dp-facts", facts));
  });
  fill(els.seats, rows);
}

function playList(plays, topIndex) {
  return h("ol.dp-plays", plays.map((play, i) => h("li.dp-play-line", { class: `dp-play-line${i === topIndex ? " dp-top" : ""}`,
    dataset: { player: play.player } },
  nameEl(play.player), h("span.dp-combo", play.name), cardRow(play.cards))));
}

function renderRound() {
  const trick = data.trick || [];
  const head = [h("h3.dp-h", "The round")];
  if (!trick.length) {
    head.push(h("p.dp-empty.muted", state && state.name === "playerTurn" && state.active_players
      ? ["Waiting for ", nameEl(state.active_players[0]), " to lead."] : "Nothing on the table."));
  } else {
    head.push(playList(trick, trick.length - 1));
    if (data.round_won) head.push(h("p.dp-won", nameEl(data.last_player), " wins this round (collected at the next lead)."));
  }
  fill(els.round, head);
  const last = data.last_round;
  if (last && last.plays && last.plays.length) {
    fill(els.lastRound, h("details.dp-last", h("summary", "Last round: ",
      last.to !== null && last.to !== undefined ? ["taken by ", nameEl(last.to)] : "the Fox's round"),
    playList(last.plays, last.plays.length - 1)));
  } else fill(els.lastRound);
}

function renderPassPanel() {
  const show = Boolean(state && state.name === "passCards");
  els.passPanel.hidden = !show;
  if (!show) { fill(els.passPanel); return; }
  const me = mySeat();
  const mine = data.my_passes;
  const slots = SLOTS.map(([slot, label], i) => {
    const target = me === null ? null : bySeat(me + i + 1);
    const card = mine ? mine[slot] : passing[slot];
    return h("div.dp-slot", { dataset: { slot } },
      h("div.dp-slot-label", `${label}: `, target ? nameEl(target.id) : ""),
      card ? cardFace(card, mine ? { small: true } : { tag: "button", small: true, props: { type: "button",
        "aria-label": `Take back ${cardLabel(card)} (${label})`, on: { click: () => toggle(card) } } })
        : h("div.dp-slot-empty", "choose a card"));
  });
  fill(els.passPanel, h("h3.dp-h", "Passing: one card to each other player"),
    h("div.dp-slots", slots),
    mine ? h("p.muted", "Your cards are chosen; waiting for the others.")
      : h("p.muted", "Click cards in your hand to fill Left, Partner, Right in order."));
}

function renderHand() {
  const hand = sortCards(data.hand || []);
  const playable = playableSingles();
  const passMode = state && state.name === "passCards" && ctx.isMyTurn();
  const received = new Set((data.received || []).map((r) => r.card));
  const assigned = Object.fromEntries(SLOTS.filter(([slot]) => passing[slot]).map(([slot, label]) => [passing[slot], label]));
  const key = JSON.stringify([hand, [...playable], passMode, assigned, [...selected], [...received],
    state && state.name, data.first_card_played, (data.out || []).includes(ctx.me)]);
  if (key === els.handKey) return;   // unchanged: keep the elements (and clicks in flight, focus)
  els.handKey = key;
  if (!hand.length) {
    fill(els.hand, h("p.muted", (data.out || []).includes(ctx.me) ? "You are out of this hand." : "No cards."));
    return;
  }
  fill(els.hand, hand.map((code) => {
    const isSel = passMode ? Boolean(assigned[code]) : selected.has(code);
    const classes = [isSel ? "dp-selected" : "", playable.has(code) ? "dp-playable" : "",
      received.has(code) && state && state.name === "playerTurn" && !(data.first_card_played || []).includes(ctx.me) ? "dp-received" : ""]
      .filter(Boolean).join(" ");
    const el = cardFace(code, { props: {
      class: classes, tabindex: "0", role: "button", "aria-pressed": isSel ? "true" : "false",
      "aria-label": `${cardLabel(code)}${assigned[code] && passMode ? ` (to ${assigned[code]})` : ""}`,
      on: {
        click: () => toggle(code),
        keydown: (event) => {
          if (event.key === " " || event.key === "Spacebar") { event.preventDefault(); toggle(code); }
          else if (event.key === "Enter") {
            event.preventDefault();
            if (passMode) { if (!assigned[code]) toggle(code); if (SLOTS.every(([s]) => passing[s])) sendPasses(); return; }
            if (!selected.has(code) && !selected.size) { selected.add(code); render(code); }
            playSelected();
          }
        },
      },
    } });
    if (passMode && assigned[code]) el.append(h("span.dp-tag", assigned[code]));
    return el;
  }));
}

function renderChoices() {
  const parts = [];
  const cards = [...selected];
  const canAct = ctx && !ctx.replay && state && ["playerTurn", "giveDragon"].includes(state.name);
  if (canAct && cards.includes("phoenix") && cards.length > 1) {
    parts.push(h("label.dp-choice", "The Phoenix stands for ",
      h("select.dp-phoenix", { on: { change: (e) => { phoenixAs = e.target.value; } } },
        h("option", { value: "", selected: !phoenixAs ? "" : undefined }, "the highest reading"),
        RANKS.map((r) => h("option", { value: r, selected: phoenixAs === r ? "" : undefined }, r)))));
  }
  if (canAct && cards.includes("herald") && data.wish_option !== false) {
    parts.push(h("label.dp-choice", "Wish for ",
      h("select.dp-wish", { on: { change: (e) => { wish = e.target.value; } } },
        h("option", { value: "", selected: !wish ? "" : undefined }, "no wish"),
        RANKS.map((r) => h("option", { value: r, selected: wish === r ? "" : undefined }, r)))));
  }
  if (selected.size && canAct) {
    parts.push(h("button.small.dp-clear", { type: "button", on: { click: () => { selected = new Set(); render(); refreshButtons(); } } },
      "Clear selection"));
  }
  if (data.received && data.received.length && state && state.name !== "passCards") {
    parts.push(h("p.dp-received-line", "Received: ", data.received.map((r, i) => [i ? ", " : "",
      cardFace(r.card, { small: true, tag: "span" }), " from ", nameEl(r.from)])));
  }
  fill(els.choices, parts);
}

function renderSummary() {
  const last = data.last_hand;
  if (!last) { fill(els.summary); return; }
  const teams = data.teams || [[], []];
  const teamName = (i) => (teams[i] || []).map((id, j) => [j ? " & " : "", nameEl(id)]);
  const out = last.out || [];
  const callsMade = Object.entries(last.calls_made || {}).filter(([, c]) => c);
  const rows = [0, 1].map((i) => h("tr", { dataset: { team: i } },
    h("th", { scope: "row" }, teamName(i)),
    h("td", String(last.cards[i])), h("td", String(last.calls[i])), h("td.dp-hand-total", String(last.total[i])),
    h("td.dp-game-total", String(last.totals[i]))));
  fill(els.summary, h("h3.dp-h", `End of hand ${last.hand_number}`),
    last.double !== null && last.double !== undefined ? h("p.dp-double", "Double victory for ", teamName(last.double), "!") : null,
    h("p.dp-out-order", "Went out: ", out.length ? out.map((id, i) => [i ? ", " : "", `${PLACES[i]} `, nameEl(id)]) : "nobody"),
    h("p.dp-calls", "Calls: ", callsMade.length ? callsMade.map(([id, c], i) => [i ? ", " : "", nameEl(Number(id)),
      ` ${CALL_NAMES[c] || c} ${out[0] === Number(id) ? "won" : "lost"}`]) : "none"),
    h("div.dp-table-wrap", h("table.dp-score", h("thead", h("tr", h("th", { scope: "col" }, "Team"),
      h("th", { scope: "col" }, "Card points"), h("th", { scope: "col" }, "Calls"),
      h("th", { scope: "col" }, "Hand"), h("th", { scope: "col" }, "Total"))), h("tbody", rows))));
}

// ----- notifications: short flashes for what a glance at the table would miss ------------------
export const notifications = {
  wish(n, c) { c.showMessage(`Wish: ${n.args.rank}`, "info"); },
  doubleVictory(n, c) { c.showMessage(`Double victory for ${n.args.team}!`, "info"); },
};
