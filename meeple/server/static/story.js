// The story of a table: the log grouped by part of the game and phase, and what
// happened since the seat's own last decision, grouped by seat.
//
// Events come from the server (broadcast.py, story.py) with what telling them needs:
// `i` their index in the game's log (their number, and the key by which the page
// merges what it receives), `seat` the seat they concern, `section` / `phase` the
// heading of the part of the game or the phase they begin, `dice` the dice they
// rolled ([{label, rolls: [1-6, ...]}]), `targets` the board elements they concern.
// Seat colours come with the state (`colours`, by seat).
//
// Exports for the table page and the replay page:
//   mergeEvents(held, message)    the events held after a state message
//   sinceLastDecision(events, seat, decidedAt)  the events a seat has not seen decided
//   renderSince(box, events, who) the "since your last decision" panel
//   renderLog(box, events, who)   the log, or any list of events, into a container
// `who` tells the seats: { seat (the page's, null: a spectator), name(seat) -> words,
// colour(seat) -> CSS colour }.
import { clear, el } from "/static/common.js";

const SVG_NS = "http://www.w3.org/2000/svg";
const SPECTATOR_EVENTS = 12;  // a spectator's panel: at least the last this many events
const FOLD_OVER = 10;         // a longer panel folds each seat to its last FOLDED events
const FOLDED = 3;

// ---- the events held --------------------------------------------------------------

// The events after a state message: from `log_from` on, the message's replace what was
// held (an undo may have taken some back); before it, the held ones stay. A message
// from 0 (a connection, a reconnection, a sync) replaces them all.
export function mergeEvents(held, message) {
  const from = message.log_from || 0;
  const kept = from === 0 ? [] : held.filter((e) => e.i < from);
  return kept.concat(message.events || []);
}

// ---- remembering a seat's last decision -------------------------------------------

const DECIDED_KEY = "meeple.decided";

// The log's length when this seat's last decision was played here (its events come
// from there on), kept per table and seat in localStorage: it outlives reconnections
// and reloads of the page. null: not known on this device.
export function decidedAt(tableId, seat) {
  try {
    const all = JSON.parse(localStorage.getItem(DECIDED_KEY) || "{}");
    const at = all[`${tableId}/${seat}`];
    return Number.isInteger(at) ? at : null;
  } catch { return null; }
}

export function rememberDecision(tableId, seat, logIndex) {
  let all = {};
  try { all = JSON.parse(localStorage.getItem(DECIDED_KEY) || "{}"); } catch { all = {}; }
  all[`${tableId}/${seat}`] = logIndex;
  const keys = Object.keys(all);
  for (const key of keys.slice(0, Math.max(0, keys.length - 200))) delete all[key];  // the latest 200
  localStorage.setItem(DECIDED_KEY, JSON.stringify(all));
}

// ---- since the seat's last decision -----------------------------------------------

// The events a seat has not decided on: everything from its own last decision on
// (that decision's own events first). Where that decision is not known here (another
// device, a bot took the seat), the last run of events concerning the seat stands for
// it. A spectator: the events since the latest heading (part or phase), and at least
// the last SPECTATOR_EVENTS. None is dropped, however many there are.
export function sinceLastDecision(events, seat, decided = null) {
  if (!events.length) return [];
  let from;
  if (seat === null || seat === undefined) {
    from = Math.max(0, events.length - SPECTATOR_EVENTS);
    const heading = lastIndexWhere(events, (e) => e.section || e.phase);
    if (heading >= 0) from = Math.min(from, heading);
  } else if (decided !== null && decided <= events[events.length - 1].i + 1 && events.some((e) => e.i >= decided)) {
    from = events.findIndex((e) => e.i >= decided);
  } else {
    from = lastIndexWhere(events, (e) => e.seat === seat);
    if (from < 0) return events.slice(-SPECTATOR_EVENTS);
    while (from > 0 && events[from - 1].seat === seat) from--;
  }
  return events.slice(from);
}

function lastIndexWhere(list, test) {
  for (let k = list.length - 1; k >= 0; k--) if (test(list[k])) return k;
  return -1;
}

// Events grouped by the seat they concern, the groups in the order the seats first
// appear (their order of play), the events no seat made ("the game") as one group.
function bySeat(events) {
  const groups = new Map();
  for (const e of events) {
    const key = Number.isInteger(e.seat) ? e.seat : "game";
    if (!groups.has(key)) groups.set(key, []);
    groups.get(key).push(e);
  }
  return [...groups.entries()].map(([key, list]) => ({ seat: key === "game" ? null : key, events: list }));
}

const unfolded = new Set();  // the panels shown whole, by their first event's index

export function renderSince(box, events, who) {
  clear(box);
  if (!events.length) { box.hidden = true; return; }
  box.hidden = false;
  const mine = who.seat !== null && who.seat !== undefined;
  const key = `${who.seat}:${events[0].i}`;
  const long = events.length > FOLD_OVER;
  const whole = !long || unfolded.has(key);
  const title = mine ? "Since your last decision" : "Latest moves";
  const head = el("div", { class: "story-since-head" },
    el("b", { text: title }), el("span", { class: "muted", text: ` · ${events.length} event${events.length === 1 ? "" : "s"}` }));
  if (long) {
    head.append(el("button", {
      type: "button", class: "story-fold", "aria-expanded": String(whole),
      text: whole ? "show less" : `show all ${events.length}`,
      onclick: () => { if (whole) unfolded.delete(key); else unfolded.add(key); renderSince(box, events, who); },
    }));
  }
  box.append(head);
  for (const group of bySeat(events)) {
    const shown = whole ? group.events : group.events.slice(-FOLDED);
    const name = group.seat === null ? "The game" : who.name(group.seat);
    const you = mine && group.seat === who.seat ? " · you" : "";
    const part = el("div", { class: "story-group", "data-seat": group.seat === null ? "" : group.seat },
      el("div", { class: "story-group-head" }, swatch(group.seat, who),
        el("b", { text: `${name}${you}`, style: seatInk(group.seat, who) }),
        el("span", { class: "muted", text: ` · ${group.events.length}` })));
    if (shown.length < group.events.length) {
      part.append(el("div", { class: "story-earlier muted", text: `… ${group.events.length - shown.length} earlier` }));
    }
    for (const e of shown) part.append(eventLine(e, who));
    box.append(part);
  }
}

// ---- the log ------------------------------------------------------------------------

const toggled = new Map();  // sections opened or closed by hand, by first event's index

// The events as parts of the game (collapsible; the latest open unless closed by
// hand), their phases as subheadings, every event numbered and in its seat's colour.
export function renderLog(box, events, who) {
  const atBottom = box.scrollTop + box.clientHeight >= box.scrollHeight - 4;
  clear(box);
  const parts = [];
  for (const e of events) {
    if (e.section || !parts.length) parts.push({ heading: e.section || "Earlier", first: e.i, events: [] });
    parts[parts.length - 1].events.push(e);
  }
  parts.forEach((part, k) => {
    const latest = k === parts.length - 1;
    const open = toggled.has(part.first) ? toggled.get(part.first) : latest;
    const details = el("details", { class: "story-part", "data-first": part.first });
    details.open = open;
    // Only a person's click (or key) on the heading is remembered, not the page's opening.
    const summary = el("summary", {}, el("span", { class: "story-heading", text: part.heading }),
      el("span", { class: "muted", text: ` · ${part.events.length}` }));
    summary.addEventListener("click", () => { toggled.set(part.first, !details.open); });
    details.append(summary);
    for (const e of part.events) {
      if (e.phase) details.append(el("div", { class: "story-phase", text: e.phase }));
      details.append(eventLine(e, who));
    }
    box.append(details);
  });
  if (atBottom) box.scrollTop = box.scrollHeight;
}

// ---- one event ------------------------------------------------------------------------

function seatInk(seat, who) {
  return seat === null || seat === undefined ? null : `--seat: ${who.colour(seat)}`;
}

function swatch(seat, who) {
  if (seat === null || seat === undefined) return el("span", { class: "story-swatch none" });
  return el("span", { class: "story-swatch", style: `background: ${who.colour(seat)}`, title: who.name(seat) });
}

export function eventLine(e, who) {
  const line = el("div", { class: "story-event", "data-i": e.i, style: seatInk(e.seat, who) },
    el("span", { class: "story-n", text: String(e.i + 1) }), swatch(e.seat, who),
    el("span", { class: "story-text", text: e.text }));
  if (Number.isInteger(e.seat)) line.classList.add("seat");
  for (const roll of e.dice || []) line.append(diceRow(roll, !e.text.startsWith(roll.label)));
  return line;
}

// Dice as die faces: pips on a small square, the number beside for reading aloud; the
// label unless the event's words begin with it ("Survival die: 4").
function diceRow(roll, labelled) {
  const row = el("span", { class: "story-dice", title: `${roll.label}: ${roll.rolls.join(" ")}` },
    labelled ? el("span", { class: "story-dice-label", text: `${roll.label}:` }) : null);
  for (const value of roll.rolls) row.append(dieFace(value));
  return row;
}

const PIPS = {
  1: [[2, 2]], 2: [[1, 1], [3, 3]], 3: [[1, 1], [2, 2], [3, 3]],
  4: [[1, 1], [3, 1], [1, 3], [3, 3]], 5: [[1, 1], [3, 1], [2, 2], [1, 3], [3, 3]],
  6: [[1, 1], [3, 1], [1, 2], [3, 2], [1, 3], [3, 3]],
};

export function dieFace(value) {
  const svg = document.createElementNS(SVG_NS, "svg");
  svg.setAttribute("viewBox", "0 0 16 16");
  svg.setAttribute("class", "story-die");
  svg.setAttribute("role", "img");
  svg.setAttribute("aria-label", `die ${value}`);
  svg.dataset.value = value;
  const face = document.createElementNS(SVG_NS, "rect");
  Object.entries({ x: 0.75, y: 0.75, width: 14.5, height: 14.5, rx: 3 }).forEach(([k, v]) => face.setAttribute(k, v));
  svg.append(face);
  for (const [cx, cy] of PIPS[value] || []) {
    const pip = document.createElementNS(SVG_NS, "circle");
    pip.setAttribute("cx", 4 * cx);
    pip.setAttribute("cy", 4 * cy);
    pip.setAttribute("r", 1.6);
    svg.append(pip);
  }
  const wrap = el("span", { class: "story-die-wrap" }, svg, el("span", { class: "story-die-n", text: String(value) }));
  return wrap;
}
