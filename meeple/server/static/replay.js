// A finished game replayed as the table saw it, step by step, from the spectator's
// view: a step is one move, or every move of a decision the seats made at the same
// time (a sheet of secret orders, face-down cards, sealed bids) up to its reveal; the
// server says which (GET /api/tables/{id}/replay: the outline, once). With it: the
// seats named by their players, the table's public chat beside the moves, autoplay at
// a chosen speed, jumps to a round or a phase; and the game's review: every seat's
// win-chance curve, the marked decisions on it (click one to jump to that move), and
// at each move the alternatives the search preferred. The review is about the people
// (issue 28): where a person played, their decisions are judged, marked and
// summarised first; the bots' are judged on request.
import { api, clear, el, offerFolds, offerZoom } from "/static/common.js";

const $ = (id) => document.getElementById(id);
const tableId = location.pathname.split("/")[2];
let ply = Number(new URLSearchParams(location.hash.slice(1)).get("ply") || 0);
let outline = null;        // steps, sections, seats, chat (the server's replay outline)
let current = null;        // the step shown
let review = null;         // the finished review's analysis, once there is one
let hintsUsed = null;      // hints each seat used, if any
let renderEvents = null;   // story.js's renderLog, where the page has it
let playing = false;
let timer = null;
let asked = 0;             // the latest request: an older answer arriving late is dropped
const fetched = new Map(); // steps asked for, by ply (the next one is asked ahead while playing)
const SVG_NS = "http://www.w3.org/2000/svg";
const PALETTE = ["#d62728", "#1f77b4", "#2ca02c", "#ff7f0e", "#9467bd", "#8c564b", "#e377c2", "#17becf"];
const GRADE_SIZE = { inaccuracy: 4, mistake: 5.5, blunder: 7 };

// ---- the seats ------------------------------------------------------------------------

function seatOf(i) { return (outline && outline.seats[i]) || null; }
function label(i) { const s = seatOf(i); return s ? s.label : `seat ${i}`; }
function seatColour(i) { const s = seatOf(i); return s ? s.colour : PALETTE[i % PALETTE.length]; }
const who = { seat: null, name: label, colour: seatColour };

function nameTag(i, text = label(i)) {
  return el("span", { class: "who" }, el("span", { class: "swatch", style: `background: ${seatColour(i)}` }), el("b", { text }));
}

// Who played a seat, for the review: "a person: Ann" or "a bot (hard)".
function playedBy(i) {
  const s = seatOf(i);
  if (!s) return "";
  if (s.player !== null && s.player !== undefined) return `a person: ${s.player}`;
  return s.kind === "human" ? "a person" : `a bot (${s.kind})`;
}
const isPerson = (i) => { const s = seatOf(i); return Boolean(s && (s.kind === "human" || s.player)); };

function drawPeople() {
  const box = $("people");
  clear(box);
  for (const s of outline.seats) {
    box.append(el("div", { "data-seat": s.seat }, nameTag(s.seat, s.detail), el("span", { class: "kind muted", text: ` · ${isPerson(s.seat) ? "person" : "bot"}` })));
  }
}

// ---- steps ----------------------------------------------------------------------------

const steps = () => (outline ? outline.steps : [0]);
const lastPly = () => steps()[steps().length - 1];

// The index of the last step at or before `at`.
function stepAt(at) {
  const list = steps();
  let k = 0;
  while (k + 1 < list.length && list[k + 1] <= at) k++;
  return k;
}

const nextPly = () => { const list = steps(); const k = stepAt(ply); return list[Math.min(list.length - 1, list[k] > ply ? k : k + 1)]; };
const prevPly = () => { const list = steps(); const k = stepAt(ply); return list[Math.max(0, list[k] < ply ? k : k - 1)]; };

function load(n) {
  if (!fetched.has(n)) {
    const answer = api("GET", `/api/tables/${tableId}/replay/${n}`);
    answer.catch(() => fetched.delete(n));
    fetched.set(n, answer);
    while (fetched.size > 6) fetched.delete(fetched.keys().next().value);
  }
  return fetched.get(n);
}

async function show(n) {
  const mine = ++asked;
  try {
    const step = await load(Math.max(0, Math.min(n, lastPly())));
    if (mine !== asked) return;  // a later request took over
    current = step;
    ply = step.ply;
    history.replaceState(null, "", `#ply=${ply}`);
    drawStep(step);
    $("error").textContent = "";
  } catch (error) {
    if (mine === asked) { $("error").textContent = error.message; pause(); }
  }
  if (playing && mine === asked) schedule();
}

function drawStep(step) {
  const k = stepAt(step.ply);
  $("title").textContent = `${step.title} · table ${tableId} · replay`;
  document.title = `${step.title} replay · ${step.section}`;
  $("where").textContent = `move ${step.ply} of ${step.total} · step ${k + 1} of ${steps().length}`;
  $("slider").max = steps().length - 1;
  $("slider").value = k;
  $("section").textContent = step.section;
  drawMove(step);
  $("board").innerHTML = step.svg || "";  // the game's renderer escapes its text
  offerZoom($("board"));  // New World's map: enlarged on a phone or a tablet, if asked
  offerFolds($("board"));  // Mombasa's other players' boards: open as the reader left them
  drawEvents(step.events);  // after `current` is this step
  drawJumps();
  drawChat();
  $("result").hidden = !step.result;
  if (step.result) drawResult(step);
  $("next").disabled = step.ply >= lastPly();
  $("last").disabled = step.ply >= lastPly();
  $("prev").disabled = step.ply <= 0;
  $("first").disabled = step.ply <= 0;
  drawReview();
}

// What was done in this step, as the table saw it: the moves whose text it saw, and
// for those decided in secret only who decided.
function drawMove(step) {
  const box = $("move");
  clear(box);
  if (!step.moves.length) { box.append("The game as it was set up."); return; }
  const secret = step.moves.filter((m) => m.action === null);
  if (secret.length) {
    const seats = [...new Set(secret.map((m) => m.seat))];
    const names = seats.map((s) => nameTag(s));
    const list = names.flatMap((tag, k) => (k === 0 ? [tag] : [k === names.length - 1 ? " and " : ", ", tag]));
    const count = secret.length === 1 ? "one move" : `${secret.length} moves`;
    const what = seats.length > 1 ? "decided at the same time" : "decided";
    box.append(el("span", {}, ...list, el("span", { class: "secret", text: ` ${what} (${count}, unseen by the table until revealed)` })));
  }
  for (const m of step.moves.filter((one) => one.action !== null)) {
    if (box.childNodes.length) box.append(el("br"));
    box.append(nameTag(m.seat), `: ${m.label || m.action}`);
  }
}

function drawEvents(events) {
  const box = $("log");
  clear(box);
  if (!events.length) { box.append(el("div", { class: "muted", text: "Nothing the table could see happened." })); return; }
  if (renderEvents) {
    // Under the part (and phase) the step's first event continues, unless it begins one.
    const first = { ...events[0] };
    const { part, phase } = current.continues;
    if (!first.section) {
      first.section = part;
      if (!first.phase && phase) first.phase = phase;
    }
    renderEvents(box, [first, ...events.slice(1)], who);
    for (const part of box.querySelectorAll("details")) part.open = true;  // a step: all of it
    box.scrollTop = 0;  // read from its beginning
    return;
  }
  for (const e of events) box.append(el("div", { class: "plain", text: e.text }));
}

// ---- jumps: parts of the game (rounds, turns) and their phases -----------------------

// The parts of the game with the ply each begins at; a part's phases with theirs.
// (The server's first section begins at the setup.)
function parts() {
  const list = [];
  for (const s of outline.sections) {
    if (!s.phase || !list.length) list.push({ heading: s.heading, ply: s.ply, phases: [] });
    else list[list.length - 1].phases.push(s);
  }
  return list.length ? list : [{ heading: "Setup", ply: 0, phases: [] }];
}

function lastAtOrBefore(list, at) {
  let found = 0;
  list.forEach((item, k) => { if (item.ply <= at) found = k; });
  return found;
}

function drawJumps() {
  const all = parts();
  const part = $("part");
  if (part.options.length !== all.length) {
    clear(part);
    all.forEach((p, k) => part.append(el("option", { value: k, text: p.heading })));
  }
  const k = lastAtOrBefore(all, ply);
  part.value = String(k);
  const phases = all[k].phases;
  $("phasebox").hidden = !phases.length;
  const phase = $("phase");
  clear(phase);
  const begun = phases.some((p) => p.ply <= ply);
  if (!begun) phase.append(el("option", { value: "", text: "–" }));  // before its first phase
  phases.forEach((p, j) => phase.append(el("option", { value: j, text: p.heading })));
  phase.value = begun ? String(lastAtOrBefore(phases, ply)) : "";
}

$("part").onchange = () => { pause(); show(parts()[Number($("part").value)].ply); };
$("phase").onchange = () => {
  pause();
  const phases = parts()[Number($("part").value)].phases;
  const chosen = phases[Number($("phase").value)];
  if ($("phase").value !== "" && chosen) show(chosen.ply);
};

// ---- chat ------------------------------------------------------------------------------

// The table's public messages sent up to this step (those of this step marked), the
// newest last; how many come later.
function drawChat() {
  const box = $("chat");
  const messages = outline.chat;
  clear(box);
  if (!messages.length) { box.append(el("div", { class: "muted", text: "Nobody wrote to the table." })); return; }
  const k = stepAt(ply);
  const atStep = steps()[k] === ply;
  const sent = messages.filter((m) => m.step < k || (m.step === k && atStep) || m.ply <= ply);
  for (const m of sent) {
    const line = el("div", { class: `message${atStep && m.step === k ? " now" : ""}`, "data-ply": m.ply });
    line.append(el("button", { class: "at", title: "go to this moment", text: `move ${m.ply}`, onclick: () => { pause(); show(steps()[m.step]); } }),
      nameTag(m.from), `: ${m.text}`);
    box.append(line);
  }
  const later = messages.length - sent.length;
  if (!sent.length) box.append(el("div", { class: "muted", text: "Nothing said yet." }));
  if (later) box.append(el("div", { class: "later muted", text: `${later} message${later === 1 ? "" : "s"} later in the game` }));
  box.scrollTop = box.scrollHeight;
}

// ---- autoplay ---------------------------------------------------------------------------

const speed = () => Number($("speed").value) || 1;

function schedule() {
  clearTimeout(timer);
  if (ply >= lastPly()) { pause(); return; }
  load(nextPly());  // asked ahead: a slow board is drawn while the step before shows
  timer = setTimeout(() => { if (playing) show(nextPly()); }, 1000 / speed());
}

function play() {
  playing = true;
  $("play").textContent = "⏸ pause";
  $("play").setAttribute("aria-pressed", "true");
  if (ply >= lastPly()) show(0);  // from the end: again from the start (then on)
  else schedule();
}

function pause() {
  playing = false;
  clearTimeout(timer);
  $("play").textContent = "▶ play";
  $("play").setAttribute("aria-pressed", "false");
}

$("play").onclick = () => (playing ? pause() : play());
$("speed").onchange = () => { if (playing) schedule(); };
$("first").onclick = () => { pause(); show(0); };
$("prev").onclick = () => { pause(); show(prevPly()); };
$("next").onclick = () => { pause(); show(nextPly()); };
$("last").onclick = () => { pause(); show(lastPly()); };
$("slider").onchange = () => { pause(); show(steps()[Number($("slider").value)]); };
document.addEventListener("keydown", (event) => {
  const tag = event.target && event.target.tagName;
  if (tag === "INPUT" || tag === "SELECT" || tag === "TEXTAREA" || event.altKey || event.ctrlKey || event.metaKey) return;
  if (event.key === " " && tag !== "BUTTON") { event.preventDefault(); if (playing) pause(); else play(); }
  else if (event.key === "ArrowRight") { pause(); show(nextPly()); }
  else if (event.key === "ArrowLeft") { pause(); show(prevPly()); }
  else if (event.key === "Home") { pause(); show(0); }
  else if (event.key === "End") { pause(); show(lastPly()); }
});

// ---- the review ------------------------------------------------------------------

function percent(chance) { return chance === null || chance === undefined ? "?" : `${Math.round(chance * 100)}%`; }

function svg(tag, attrs = {}, text) {
  const node = document.createElementNS(SVG_NS, tag);
  for (const [key, value] of Object.entries(attrs)) node.setAttribute(key, String(value));
  if (text !== undefined) node.textContent = text;
  return node;
}

async function loadReview(start, bots = false) {
  try {
    const answer = await api(start ? "POST" : "GET", `/api/tables/${tableId}/review${bots ? "?bots=true" : ""}`);
    showReviewStatus(answer);
    if (answer.status === "queued" || answer.status === "running") setTimeout(() => loadReview(false), 1000);
  } catch (error) {
    $("reviewerror").textContent = error.message;
  }
}

function showReviewStatus(answer) {
  const status = $("reviewstatus");
  $("startreview").hidden = answer.status !== "none";
  $("botsreview").hidden = !(answer.status === "done" && answer.review && answer.review.bots === false);
  $("progress").hidden = !(answer.status === "queued" || answer.status === "running");
  $("progress").max = Math.max(1, answer.total);
  $("progress").value = answer.done;
  if (answer.status === "none") status.textContent = "This game has not been reviewed yet. Anyone may start its review; it is computed once and kept.";
  else if (answer.status === "queued") status.textContent = "The review waits for its turn on the server…";
  else if (answer.status === "running") status.textContent = `Reviewing: ${answer.done} of ${answer.total} decisions judged…`;
  else if (answer.status === "failed") status.textContent = answer.error || "The review failed.";
  else {
    review = answer.review;
    status.textContent = `${whoseDecisions()} judged by the search from what its seat knew then (${review.iterations} iterations per decision). Win chances after each decision; points mark the costly ones.`;
    drawReview();
  }
}

// The seats whose decisions the review judged, in words.
function whoseDecisions() {
  const people = (review.people || []).map((name, seat) => (name === null ? null : seat)).filter((seat) => seat !== null);
  if (!people.length || review.bots) return "Each decision";
  const names = people.map((seat) => review.people[seat] || label(seat));
  return `The decisions of ${names.join(" and ")} (the bots' were not judged),`;
}

const seatsPeopleFirst = (seats) => [...seats].sort((a, b) => Number(reviewPerson(b)) - Number(reviewPerson(a)) || a - b);
function reviewPerson(seat) { return review && review.people ? review.people[seat] !== null : isPerson(seat); }

function drawReview() {
  if (!review || !outline) return;
  drawCurve();
  drawVerdict();
  drawSummary();
  drawMarks();
}

// Per seat, the people first: who played it, decisions judged, its marks.
const PLURAL = { inaccuracy: "inaccuracies", mistake: "mistakes", blunder: "blunders" };
function marksIn(row) {
  const parts = Object.keys(review.thresholds).filter((g) => row.graded[g]).reverse().map((g) => `${row.graded[g]} ${row.graded[g] === 1 ? g : PLURAL[g] || g}`);
  return parts.length ? parts.join(", ") : "none";
}

function drawSummary() {
  const box = $("summary");
  clear(box);
  const table = el("table", {}, el("tr", {}, el("th", { text: "seat" }), el("th", { text: "played by" }), el("th", { text: "judged" }), el("th", { text: "marks" })));
  for (const row of review.summary) {
    const judged = review.bots || reviewPerson(row.seat);
    table.append(el("tr", { "data-seat": row.seat, class: reviewPerson(row.seat) ? "person" : "bot" }, el("td", {}, nameTag(row.seat)), el("td", { text: playedBy(row.seat) }), el("td", { text: judged ? String(row.searched) : "no" }), el("td", { text: judged ? marksIn(row) : "" })));
  }
  box.append(table);
}

function drawCurve() {
  const W = 600, H = 220, left = 34, right = 8, top = 8, bottom = 22;
  const moves = Math.max(1, review.moves);
  const x = (move) => left + (move / moves) * (W - left - right);
  const y = (chance) => top + (1 - chance) * (H - top - bottom);
  const box = $("curve");
  clear(box);
  const chart = svg("svg", { viewBox: `0 0 ${W} ${H}`, role: "img", "aria-label": "win chance per seat" });
  for (const level of [0, 0.25, 0.5, 0.75, 1]) {
    chart.append(svg("line", { class: level === 0 ? "axis" : "grid", x1: left, x2: W - right, y1: y(level), y2: y(level) }));
    chart.append(svg("text", { x: left - 4, y: y(level) + 4, "text-anchor": "end", "font-size": 10 }, `${level * 100}%`));
  }
  chart.append(svg("text", { x: W - right, y: H - 6, "text-anchor": "end", "font-size": 10 }, `move ${moves}`));
  const judged = review.decisions.filter((d) => d.after);
  for (let seat = 0; seat < review.players; seat++) {
    const points = judged.map((d) => `${x(d.move).toFixed(1)},${y(d.after[seat]).toFixed(1)}`).join(" ");
    chart.append(svg("polyline", { class: "seatline", "data-seat": seat, points, fill: "none", stroke: seatColour(seat), "stroke-width": 1.6 }));
  }
  chart.append(svg("line", { class: "now", x1: x(ply), x2: x(ply), y1: top, y2: H - bottom }));
  for (const d of judged.filter((d) => d.grade)) {
    const mark = svg("circle", { class: `mark ${d.grade}`, "data-move": d.move, cx: x(d.move), cy: y(d.after[d.seat]), r: GRADE_SIZE[d.grade], stroke: seatColour(d.seat) });
    mark.append(svg("title", {}, `move ${d.move}, ${label(d.seat)}: ${d.action} (${d.grade})`));
    mark.addEventListener("click", () => { pause(); show(d.move); });
    chart.append(mark);
  }
  box.append(chart);
  const legend = $("legend");
  clear(legend);
  review.seat_names.forEach((_name, seat) => legend.append(el("span", {}, el("i", { style: `background: ${seatColour(seat)}` }), label(seat))));
  legend.append(el("span", { class: "muted", text: "points: inaccuracy, mistake, blunder (small to large)" }));
}

function better(d) {
  const ranked = d.choices.map((c) => c.action);
  const at = ranked.indexOf(d.action);
  return (at < 0 ? d.choices : d.choices.slice(0, at)).slice(0, 3);
}

function drawVerdict() {
  const box = $("verdict");
  clear(box);
  const d = review.decisions.find((one) => one.move === ply);
  if (!d) return;
  const name = label(d.seat);
  box.append(el("p", {}, el("b", { text: `${name}: ${d.action}` }), d.grade ? el("span", { class: `grade ${d.grade}`, text: ` · ${d.grade}` }) : ""));
  if (d.forced) { box.append(el("p", { class: "muted", text: "The only legal action: not judged." })); return; }
  box.append(el("p", { text: `${name}'s win chance: ${percent(d.before[d.seat])} with the search's choice, ${percent(d.after[d.seat])} after the move played (loss ${Math.round(d.loss * 100)} points, ± ${Math.round(d.error * 100)}${d.share && d.before[d.seat] <= 0.5 ? `: ${Math.round(d.share * 100)}% of ${name}'s chance` : ""}).` }));
  const preferred = better(d);
  if (!preferred.length) { box.append(el("p", { class: "muted", text: "The search preferred this move too." })); return; }
  const list = el("ol", { class: "preferred" });
  for (const c of preferred) list.append(el("li", { text: `${c.action} (${name}: ${percent(c.win ? c.win[d.seat] : null)})` }));
  box.append(el("p", { text: "The search preferred:" }), list);
}

function drawMarks() {
  const order = seatsPeopleFirst([...Array(review.players).keys()]);
  const marked = review.decisions.filter((d) => d.grade).sort((a, b) => order.indexOf(a.seat) - order.indexOf(b.seat) || a.move - b.move);
  $("markscard").hidden = !marked.length;
  const box = $("marks");
  clear(box);
  for (const d of marked) {
    box.append(el("button", { "data-move": d.move, onclick: () => { pause(); show(d.move); }, text: `move ${d.move} · ${label(d.seat)}: ${d.action} (${d.grade})` }));
  }
}

// ---- the final scores -------------------------------------------------------------------

async function loadHints() {
  try {
    const info = await api("GET", `/api/tables/${tableId}/hints`);
    if (info.used.some((n) => n > 0)) hintsUsed = info.used;
  } catch { hintsUsed = null; }
}

function drawResult(step) {
  const result = step.result;
  const box = $("scores");
  clear(box);
  const keys = [...new Set(result.breakdown.flatMap((b) => Object.keys(b)))];
  const hints = hintsUsed ? [el("th", { text: "hints used" })] : [];
  const table = el("table", {}, el("tr", {}, el("th", { text: "rank" }), el("th", { text: "player" }), el("th", { text: "score" }), ...keys.map((k) => el("th", { text: k.replaceAll("_", " ") })), ...hints));
  const order = result.scores.map((_, i) => i).sort((a, b) => result.ranks[a] - result.ranks[b]);
  for (const i of order) {
    const used = hintsUsed ? [el("td", { class: "hintsused", text: hintsUsed[i] })] : [];
    table.append(el("tr", {}, el("td", { text: result.ranks[i] }), el("td", {}, nameTag(i)), el("td", { text: result.scores[i] }), ...keys.map((k) => el("td", { text: result.breakdown[i][k] ?? "" })), ...used));
  }
  box.append(table);
}

// ---- start ------------------------------------------------------------------------------

async function start() {
  try {
    renderEvents = (await import("/static/story.js")).renderLog || null;
  } catch { renderEvents = null; }  // without the story module: the events as plain lines
  try {
    outline = await api("GET", `/api/tables/${tableId}/replay`);
  } catch (error) {
    $("error").textContent = error.message;
    return;
  }
  drawPeople();
  await loadHints();
  await show(ply);
}

$("startreview").onclick = () => loadReview(true);
$("botsreview").onclick = () => loadReview(true, true);
start();
loadReview(false);

// For programs driving the page (browser tests): the outline, the step shown, the
// review once loaded, whether it plays, and show.
window.meepleReplay = {
  get outline() { return outline; },
  get step() { return current; },
  get review() { return review; },
  get ply() { return ply; },
  get playing() { return playing; },
  show,
};
