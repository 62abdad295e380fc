// Secret sheets edited the way players edit them on paper, for the control entries
// a game sends with these kinds (see the games' `choices` modules):
//
// * "sheet": an order sheet written line by line. Its numbered lines, the one being
//   written marked; clicking another line goes there: each line's `go` lists the
//   legal actions that lead to it, played one at a time, each through the server's
//   checked path, reading the next step from every new state until that line is
//   the one written (so a refused or interleaved step never leaves a wrong sheet).
// * "plan": cards put face down into slots. A draft kept in the page, changed
//   freely (nothing is sent); "ready" asks the game's question if a slot stays
//   empty, then sends the draft as the legal plan actions, one per new state,
//   then the entry's `ready` action.
import { el } from "/static/common.js";
import { registerKind } from "/static/decision.js";

let goal = null;    // {kind: "sheet", line} or {kind: "plan", cards: Map slot -> face, ready}
let sentAt = -1;    // the version at which the last step of the goal was sent
let steps = 0;      // steps sent for the goal (a bound against loops)
const drafts = new Map();  // plan drafts by table and round: Map slot -> face
const MAX_STEPS = 80;

function say(text) {
  const box = document.getElementById("error");
  if (box) box.textContent = text;
}

function entryOf(snap, kind) {
  return ((snap && snap.controls) || []).find((e) => e.kind === kind) || null;
}

// ---- reaching the goal, one legal step per new state ----

function nextStep(snap) {
  if (goal.kind === "sheet") {
    const entry = entryOf(snap, "sheet");
    const line = entry && entry.lines.find((l) => l.number === goal.line);
    if (!line || line.current || !line.go.length) return null;
    return line.go[0];
  }
  const entry = entryOf(snap, "plan");
  if (!entry) return null;
  for (const slot of entry.slots) {
    const face = goal.cards.get(slot.slot);
    if (face) return entry.template.replace("{card}", face).replace("{slot}", String(slot.slot));
  }
  const ready = goal.ready;
  goal = { kind: "done" };
  return ready;
}

function advance(snap, play) {
  if (!goal || !snap || snap.version <= sentAt) return;
  if (goal.kind === "done" || steps >= MAX_STEPS) { goal = null; return; }
  const mine = snap.seat !== null && snap.to_act.includes(snap.seat);
  const action = mine ? nextStep(snap) : null;
  if (action === null) { goal = null; return; }
  if (!snap.legal.includes(action)) {
    say(`Could not go on: "${action}" is not possible now; your sheet is as shown.`);
    goal = null;
    return;
  }
  sentAt = snap.version;
  steps += 1;
  play(action);
}

function start(newGoal, snap, play) {
  goal = newGoal;
  sentAt = -1;
  steps = 0;
  advance(snap, play);
}

let latest = null;  // the last snapshot and play function given to this module
function remember(snap, play) { latest = { snap, play }; advance(snap, play); }

// ---- the order sheet ----

function drawSheet(entry) {
  const list = el("ol", { class: "draft-sheet", "aria-label": entry.heading });
  for (const line of entry.lines) {
    const words = [el("span", { class: "sheet-number", text: `${line.number}.` }),
      el("span", { class: "sheet-label", text: line.label }),
      el("span", { class: "sheet-value", text: line.value })];
    const item = line.current || !line.go.length
      ? el("div", { class: "sheet-line" }, ...words)
      : el("button", { type: "button", class: "sheet-line", title: `write line ${line.number} again`,
        onclick: () => { if (latest) start({ kind: "sheet", line: line.number }, latest.snap, latest.play); } }, ...words);
    list.append(el("li", { class: line.current ? "current" : "", "data-line": line.number,
      "aria-current": line.current ? "step" : null }, item));
  }
  return list;
}

// ---- the plan ----

function draftKey(snap) { return `${location.pathname}:${snap.view && snap.view.round}`; }

function drawPlan(entry) {
  const snap = latest && latest.snap;
  const key = snap ? draftKey(snap) : "";
  if (!drafts.has(key)) drafts.set(key, new Map());
  const draft = drafts.get(key);
  const open = new Set(entry.slots.map((s) => s.slot));
  for (const slot of [...draft.keys()]) if (!open.has(slot)) draft.delete(slot);
  const box = el("div", { class: "draft-plan" });
  const redraw = () => box.replaceWith(drawPlan(entry));
  const used = (face, except) => [...draft].filter(([s, f]) => f === face && s !== except).length;
  const rows = entry.slots.map((slot) => {
    const pick = el("select", { "data-slot": slot.slot, "aria-label": slot.label });
    pick.append(el("option", { value: "", text: "— empty —" }));
    for (const c of entry.cards) {
      if (used(c.face, slot.slot) >= c.count && draft.get(slot.slot) !== c.face) continue;
      pick.append(el("option", { value: c.face, text: c.label }));
    }
    pick.value = draft.get(slot.slot) || "";
    pick.onchange = () => { if (pick.value) draft.set(slot.slot, pick.value); else draft.delete(slot.slot); redraw(); };
    return el("label", { class: "plan-slot" }, el("span", { text: slot.label }), pick);
  });
  const empty = entry.slots.filter((s) => !draft.has(s.slot)).map((s) => s.slot);
  const send = () => {
    if (!latest) return;
    start({ kind: "plan", cards: new Map(draft), ready: entry.ready }, latest.snap, latest.play);
    drafts.delete(key);
  };
  const ready = el("button", { type: "button", class: "primary", "data-action-text": entry.ready, text: entry.ready_label || entry.ready,
    onclick: () => (empty.length && entry.cards.length ? askFirst(entry.question.replace("{empty}", slotsText(empty)), send) : send()) });
  const clearAll = el("button", { type: "button", text: "clear the draft", onclick: () => { draft.clear(); redraw(); } });
  box.append(el("div", { class: "plan-slots" }, rows), el("div", { class: "choices" }, ready, clearAll));
  return box;
}

function slotsText(numbers) {
  if (numbers.length === 1) return `slot ${numbers[0]}`;
  return `slots ${numbers.slice(0, -1).join(", ")} and ${numbers[numbers.length - 1]}`;
}

// The same in-page question as decision.js asks before a move.
function askFirst(question, then) {
  let dialog = document.getElementById("confirm-dialog");
  if (dialog) dialog.remove();
  const yes = el("button", { type: "submit", class: "primary", value: "yes", id: "confirm-yes", text: "Yes" });
  const no = el("button", { type: "submit", value: "no", id: "confirm-no", text: "No, back" });
  dialog = el("dialog", { id: "confirm-dialog", "aria-labelledby": "confirm-question" },
    el("form", { method: "dialog" }, el("p", { id: "confirm-question", text: question }),
      el("div", { class: "confirm-buttons" }, no, yes)));
  document.body.append(dialog);
  dialog.addEventListener("close", () => { const chosen = dialog.returnValue === "yes"; dialog.remove(); if (chosen) then(); });
  dialog.showModal();
  yes.focus();
}

registerKind("sheet", { draw: drawSheet, state: remember });
registerKind("plan", { draw: drawPlan, state: remember });

// For programs (tests): whether a goal is still being reached.
export function drafting() { return goal !== null; }
