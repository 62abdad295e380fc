// The seat's decision as controls made for it (see meeple/engine/controls.py):
// an amount as a number box with a slider and steppers, named choices in rows of at
// most ROW_LIMIT buttons (more: sub-headed, filterable), board choices as a folded
// list beside the clickable board. Also: the question asked before a move that
// cannot be taken back (an in-page dialog, "don't ask again" remembered), and the
// one legal action played for the player where the game and the player allow it.
import { clear, el } from "/static/common.js";

export const ROW_LIMIT = 12;  // the most buttons in one row (controls.ROW_LIMIT)
const AUTOPLAY_KEY = "meeple.autoplay";        // "off": the player plays forced steps himself
const NO_ASK_KEY = "meeple.noconfirm";         // {game: [group keys no longer asked]}
const AUTOPLAY_DELAY = 350;                    // ms: long enough to see what is played

let current = null;     // the last snapshot drawn
let playAction = null;  // table.js's play(text)
let labelOf = (a) => a;
let asking = false;     // a question is open: nothing is played for the player meanwhile
let autoKey = null;     // the forced step already played (version and action)
let autoTimer = null;
let playedForYou = "";  // the line saying what was played for the player

// ---- settings remembered in localStorage ----

function stored(key, fallback) {
  try { return JSON.parse(localStorage.getItem(key)) ?? fallback; } catch { return fallback; }
}
function store(key, value) {
  try { localStorage.setItem(key, JSON.stringify(value)); } catch { /* private mode: not kept */ }
}
export function autoplayOn() { return stored(AUTOPLAY_KEY, "on") !== "off"; }
function groupKey(action) { return action.includes(":") ? action.split(":")[0] : action.split(" ")[0]; }
function notAsked(game) { return stored(NO_ASK_KEY, {})[game] || []; }
function askingFor(game, action) { const off = notAsked(game); return !off.includes("*") && !off.includes(groupKey(action)); }
function stopAsking(game, keys) {
  const all = stored(NO_ASK_KEY, {});
  all[game] = keys;
  store(NO_ASK_KEY, all);
}

// ---- playing: the question first where the game asks one ----

// Play a legal action the player chose: asking the game's question first, unless he
// turned it off. Every control and the board's menus play through here.
export function decide(action) {
  const question = current && current.confirm && current.confirm[action];
  if (!question || !askingFor(current.game, action)) { playedForYou = ""; playAction(action); return; }
  ask(question, action);
}

function ask(question, action) {
  let dialog = document.getElementById("confirm-dialog");
  if (dialog) dialog.remove();
  const again = el("input", { type: "checkbox", id: "confirm-noask" });
  const yes = el("button", { type: "submit", class: "primary", value: "yes", id: "confirm-yes", text: `Yes: ${labelOf(action)}` });
  const no = el("button", { type: "submit", value: "no", id: "confirm-no", text: "No, back" });
  dialog = el("dialog", { id: "confirm-dialog", "aria-labelledby": "confirm-question" },
    el("form", { method: "dialog" },
      el("p", { id: "confirm-question", text: question }),
      el("label", { class: "muted" }, again, " don't ask again before such a move in this game"),
      el("div", { class: "confirm-buttons" }, no, yes)));
  document.body.append(dialog);
  asking = true;
  dialog.addEventListener("close", () => {
    asking = false;
    const chosen = dialog.returnValue === "yes";
    if (chosen && again.checked) stopAsking(current.game, [...notAsked(current.game), groupKey(action)]);
    dialog.remove();
    if (chosen) { playedForYou = ""; playAction(action); }
  });
  dialog.showModal();
  yes.focus();
}

// ---- forced steps ----

function forcedStep(snap) {
  const mine = snap.seat;
  return snap.forced && !snap.over && !snap.deadline && mine !== null && snap.to_act.includes(mine) &&
    snap.legal.length === 1 && snap.legal[0] === snap.forced && autoplayOn() ? snap.forced : null;
}

// Play the forced step once per state, a moment after drawing it (so the player sees
// it), unless a question is open or the state moved on meanwhile.
function scheduleForced(snap) {
  const forced = forcedStep(snap);
  const key = forced && `${snap.version}:${forced}`;
  if (!forced || key === autoKey || asking) return;
  autoKey = key;
  clearTimeout(autoTimer);
  autoTimer = setTimeout(() => {
    if (!current || current.version !== snap.version || asking || forcedStep(current) !== forced) { autoKey = null; return; }
    playedForYou = `Played for you (your only move): ${labelOf(forced)}.`;
    playAction(forced);
    drawNote();
  }, AUTOPLAY_DELAY);
}

function drawNote() {
  const note = document.getElementById("playedforyou");
  if (!note) return;
  note.textContent = playedForYou;
  note.hidden = !playedForYou;
}

// The player's settings under the controls: forced steps, questions.
function settingsRow(snap) {
  const auto = el("input", { type: "checkbox", id: "autoplay" });
  auto.checked = autoplayOn();
  auto.onchange = () => { store(AUTOPLAY_KEY, auto.checked ? "on" : "off"); if (current) scheduleForced(current); };
  const askBox = el("input", { type: "checkbox", id: "askfirst" });
  askBox.checked = notAsked(snap.game).length === 0;
  askBox.onchange = () => stopAsking(snap.game, askBox.checked ? [] : ["*"]);
  return el("div", { class: "decision-settings muted" },
    el("label", {}, auto, " play forced steps for me"),
    el("label", {}, askBox, " ask before moves that cannot be taken back"));
}

// ---- entry kinds a module of its own draws (static/drafts.js: order sheets, plans) ----

const ownKinds = new Map();  // kind -> { draw(entry, tools) -> element, state(snap, play) }
export function registerKind(kind, drawer) { ownKinds.set(kind, drawer); }

// ---- drawing the controls ----

// Draw the seat's decision into `box`: the snapshot's controls (the generic grouping
// where an older server sends none). `play` sends an action; `label` words one.
export function drawControls(box, snap, play, label) {
  current = snap;
  playAction = play;
  labelOf = label;
  for (const kind of ownKinds.values()) if (kind.state) kind.state(snap, play);
  const legal = snap.legal || [];
  // The same decision as drawn: keep it (and what the player typed in it).
  const drawn = JSON.stringify([snap.seat, snap.over, legal, snap.controls, snap.labels]);
  if (drawn === box.dataset.drawn) { drawNote(); scheduleForced(snap); return; }
  box.dataset.drawn = drawn;
  clear(box);
  if (snap.seat !== null && !snap.over) box.append(el("p", { id: "playedforyou", class: "playedforyou", role: "status" }));
  drawNote();
  if (!legal.length) return;
  const entries = snap.controls && snap.controls.length ? snap.controls : fallbackControls(legal, label);
  for (const entry of entries) box.append(drawEntry(entry));
  box.append(settingsRow(snap));
  scheduleForced(snap);
}

function fallbackControls(legal, label) {
  return [{ kind: "choice", heading: "", options: legal.map((a) => ({ action: a, label: label(a) })) }];
}

function drawEntry(entry) {
  const row = el("div", { class: `control control-${entry.kind}`, "data-kind": entry.kind });
  if (entry.heading) row.append(el("div", { class: "control-heading", text: entry.heading }));
  if (entry.help) row.append(el("div", { class: "control-help muted", text: entry.help }));
  if (entry.kind === "amount") row.append(amountControl(entry));
  else if (entry.kind === "board") row.append(boardFallback(entry));
  else if (ownKinds.has(entry.kind)) row.append(ownKinds.get(entry.kind).draw(entry, { decide, play: playAction, labelOf }));
  else if (Array.isArray(entry.options)) row.append(optionList(entry.options));
  return row;
}

function actionButton(option) {
  return el("button", { type: "button", text: option.label || labelOf(option.action), "data-action-text": option.action, onclick: () => decide(option.action) });
}

// Buttons in rows of at most ROW_LIMIT.
function buttonRows(options) {
  const rows = [];
  for (let i = 0; i < options.length; i += ROW_LIMIT) {
    rows.push(el("div", { class: "choices" }, options.slice(i, i + ROW_LIMIT).map(actionButton)));
  }
  return rows;
}

// A list of options: one row when they fit, else sub-headed groups (folded when
// there are many) under a filter box.
function optionList(options, folded = false, allOpen = false) {
  if (options.length <= ROW_LIMIT && !folded) return el("div", { class: "choices" }, options.map(actionButton));
  const groups = new Map();
  for (const o of options) {
    const key = o.group || "";
    if (!groups.has(key)) groups.set(key, []);
    groups.get(key).push(o);
  }
  const open = allOpen || groups.size <= 3;
  const parts = [...groups].map(([name, list]) => {
    const part = el("details", { class: "subgroup", "data-group": name }, el("summary", { text: `${name || "other"} (${list.length})` }), buttonRows(list));
    part.open = open;
    return part;
  });
  const filter = el("input", { type: "search", class: "control-filter", placeholder: "filter…", "aria-label": "filter the choices" });
  filter.oninput = () => {
    const words = filter.value.trim().toLowerCase();
    for (const part of parts) {
      let shown = 0;
      for (const b of part.querySelectorAll("button")) {
        const hit = !words || b.textContent.toLowerCase().includes(words) || b.dataset.actionText.includes(words);
        b.hidden = !hit;
        shown += hit ? 1 : 0;
      }
      part.hidden = shown === 0;
      part.open = words ? shown > 0 : open;
    }
  };
  return el("div", { class: "chooser" }, options.length > ROW_LIMIT ? filter : null, parts);
}

function boardFallback(entry) {
  const list = el("details", { class: "board-fallback" },
    el("summary", { text: `or choose from a list (${entry.options.length})` }), optionList(entry.options, true));
  const hint = entry.help ? null : el("div", { class: "control-hint muted", text: "Click a highlighted place on the board." });
  return el("div", {}, hint, list);
}

// "3–26" or "0, 2, 4–9": the legal numbers said briefly.
export function rangesText(values) {
  const parts = [];
  let start = values[0];
  let last = values[0];
  for (const v of [...values.slice(1), null]) {
    if (v !== null && v === last + 1) { last = v; continue; }
    parts.push(start === last ? `${start}` : `${start}–${last}`);
    start = last = v;
  }
  return parts.join(", ");
}

function amountControl(entry) {
  const values = entry.values;
  const legal = new Set(values);
  const actionOf = (n) => entry.template.replace("{n}", String(n));
  const number = el("input", { type: "number", min: entry.min, max: entry.max, step: entry.step, value: entry.default, class: "amount-number", inputmode: "numeric", "aria-label": entry.heading || "amount" });
  const slider = el("input", { type: "range", min: entry.min, max: entry.max, step: entry.step, value: entry.default, class: "amount-slider", "aria-hidden": "true", tabindex: "-1" });
  const go = el("button", { type: "button", class: "primary amount-play" });
  const note = el("span", { class: "amount-note muted" });
  const contiguous = values.length === entry.max - entry.min + 1 || values.every((v, i) => i === 0 || v - values[i - 1] === entry.step);
  const say = contiguous ? `from ${entry.min} to ${entry.max}` : `only ${rangesText(values)}`;
  const show = () => {
    const n = Number(number.value);
    const ok = number.value !== "" && legal.has(n);
    go.disabled = !ok;
    go.textContent = ok ? labelOf(actionOf(n)) : "not allowed";
    go.dataset.actionText = ok ? actionOf(n) : "";
    note.textContent = ok ? `(${say})` : `choose ${say}`;
  };
  const set = (n) => { number.value = String(n); slider.value = String(n); show(); };
  // The next legal number up or down from the one shown.
  const stepTo = (direction) => {
    const n = Number(number.value);
    const next = direction > 0 ? values.find((v) => v > n) : [...values].reverse().find((v) => v < n);
    set(next ?? (direction > 0 ? entry.max : entry.min));
  };
  number.oninput = () => { slider.value = number.value; show(); };
  slider.oninput = () => {
    // Snap the slider to the nearest legal number.
    const n = Number(slider.value);
    set(values.reduce((best, v) => (Math.abs(v - n) < Math.abs(best - n) ? v : best), values[0]));
  };
  number.addEventListener("keydown", (event) => {
    if (event.key === "Enter") { event.preventDefault(); if (!go.disabled) decide(go.dataset.actionText); }
  });
  go.onclick = () => { if (!go.disabled) decide(go.dataset.actionText); };
  show();
  const unit = entry.unit ? el("span", { class: "amount-unit", text: entry.unit }) : null;
  // Three lines: the number with its steppers and ends; the slider; what is played.
  return el("div", { class: "amount", "data-amount-template": entry.template, "data-values": JSON.stringify(values) },
    el("div", { class: "amount-line" },
      el("button", { type: "button", class: "stepper", "aria-label": "less", text: "−", onclick: () => stepTo(-1) }),
      unit, number,
      el("button", { type: "button", class: "stepper", "aria-label": "more", text: "+", onclick: () => stepTo(1) }),
      el("button", { type: "button", class: "amount-end", text: `min ${entry.min}`, onclick: () => set(entry.min) }),
      el("button", { type: "button", class: "amount-end", text: `max ${entry.max}`, onclick: () => set(entry.max) })),
    values.length > 2 ? slider : null,
    el("div", { class: "amount-line" }, go, note));
}

// ---- the board's menu: what one board element offers, grouped like the controls ----

// The options a click on the board offers, in rows of at most ROW_LIMIT, sub-headed
// by the control entry each belongs to when they are more.
export function menuContent(actions) {
  const where = new Map();
  for (const entry of (current && current.controls) || []) {
    for (const o of entry.options || []) where.set(o.action, [entry.heading, o]);
  }
  const options = actions.map((a) => {
    const [heading, o] = where.get(a) || ["", { action: a, label: labelOf(a) }];
    return { ...o, group: o.group || heading };
  });
  if (options.length <= ROW_LIMIT) return options.map(actionButton);
  return optionList(options, true, true);  // a menu's groups stay open
}

// For programs (tests): whether a question is open.
export function questionOpen() { return asking; }
