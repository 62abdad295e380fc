// The generic table page: works for every game from the seat's view alone.
// The board is SVG from the game's renderer; elements with data-target offer the
// legal actions whose text names that target. A game may draw in two layers: the
// unchanging board (`board_svg`, sent once per connection, id `board`) and, with
// every state, `svg`: what that state draws on top of it. Without `board`, `svg` is
// the whole board.
import { api, clear, el, myTables, offerFolds, offerZoom, remember } from "/static/common.js";
import { botNote, handoverButton, playedBy, seatLabel } from "/static/people.js";
import { drawUndo } from "/static/undo.js";
import { turnSignal } from "/static/turn.js";
import { drawHelp, showRefusal } from "/static/help.js";
import { decide, drawControls, menuContent, questionOpen } from "/static/decision.js";
import "/static/drafts.js";  // order sheets and plans drafted in the page
import { decidedAt, mergeEvents, rememberDecision, renderLog, renderSince, sinceLastDecision } from "/static/story.js";

const $ = (id) => document.getElementById(id);
const tableId = location.pathname.split("/")[2];
const params = new URLSearchParams(location.hash.slice(1));
let token = params.get("token") || (myTables()[tableId] || {}).token || "";
let snap = null;          // the last state message
let events = [];          // visible log entries, each with its index in the log (i)
let pendingDecision = null; // the action sent and not yet acknowledged: {id, seat, at}
let chat = [];
let socket = null;
let retry = 0;
let clockOffset = 0;      // server time minus client time, seconds
let nextId = 1;
const boards = {};        // board layers by id
let shownBoard = null;    // the id of the board layer on the page
const SVG_NS = "http://www.w3.org/2000/svg";
let hintInfo = null;      // the table's hints: option, who may ask, hints used
let hintInfoOver = false; // fetched again once the game is over (final counts)
let hintBusy = false;
let hintChoices = null;   // the last hint's choices, while the seat still decides

function send(message) {
  if (!socket || socket.readyState !== WebSocket.OPEN) {
    showError("not connected; reconnecting…");
    return false;
  }
  message.id = nextId++;
  socket.send(JSON.stringify(message));
  return true;
}

function showError(text) { $("error").textContent = text || ""; }

function connect() {
  const scheme = location.protocol === "https:" ? "wss" : "ws";
  const query = new URLSearchParams({ svg: "1" });
  if (token) query.set("token", token);
  socket = new WebSocket(`${scheme}://${location.host}/api/tables/${tableId}/ws?${query}`);
  socket.onopen = () => { retry = 0; $("conn").textContent = "live"; $("conn").className = ""; };
  socket.onmessage = (event) => handle(JSON.parse(event.data));
  socket.onclose = (event) => {
    $("conn").textContent = "reconnecting…";
    $("conn").className = "bad";
    if (event.code === 4403 || event.code === 4404) { $("conn").textContent = "closed"; return; }
    retry = Math.min(retry + 1, 6);
    setTimeout(connect, 250 * 2 ** retry);
  };
}

function handle(message) {
  if (message.type === "state") {
    events = mergeEvents(snap ? events : [], message);
    if (message.chat) chat = message.chat;
    if (message.board && message.board_svg) boards[message.board] = message.board_svg;
    snap = message;
    clockOffset = message.now - Date.now() / 1000;
    if (token && message.seat !== null) remember(tableId, { token, seat: message.seat, game: message.game, title: message.title });
    draw();
  } else if (message.type === "chat") {
    if (!chat.some((m) => m.id === message.message.id)) chat.push(message.message);
    drawChat();
  } else if (message.type === "error") {
    // The rule a refusal names links to the help page's section on it.
    if (message.rule && snap) showRefusal($("error"), message.detail, message.rule, snap.game);
    else showError(message.rule ? `${message.detail} [${message.rule}]` : message.detail);
    if (message.status === 409) send({ type: "sync" });
  } else if (message.type === "presence") {
    // Who is connected changed: a small message, not a new state.
    if (snap) {
      message.connected.forEach((on, seat) => { if (snap.seats[seat]) snap.seats[seat].connected = on; });
      (message.handover_at || []).forEach((at, seat) => { if (snap.seats[seat]) snap.seats[seat].handover_at = at; });
      drawSeats();
    }
  } else if (message.type === "ack") {
    showError("");
    // An action played: the seat's last decision, its events from this log index on.
    if (pendingDecision && pendingDecision.id === message.id) rememberDecision(tableId, pendingDecision.seat, pendingDecision.at);
    pendingDecision = null;
  }
}

function play(text) {
  showError("");
  const id = nextId;
  if (send({ type: "action", action: text, version: snap.version })) pendingDecision = { id, seat: snap.seat, at: snap.log_to };
}

function seatName(seat) {
  if (seat === null || seat === undefined) return "spectator";
  const s = snap.seats[seat];
  return s ? seatLabel(s) : `seat ${seat}`;
}

// An analysis table: its seed is open to all; play waits until every seat is taken.
function drawAnalysis() {
  const open = snap.analysis;
  $("analysis").hidden = !open;
  if (!open) return;
  const waiting = open.waiting.map(seatName).join(", ");
  $("analysis").textContent = `Analysis table: its seed (${open.seed}) is shown to everyone, so anyone can foresee its dice and draws.`
    + (waiting ? ` Play begins once every seat is taken in the lobby (still free: ${waiting}).` : "");
}

function draw() {
  document.title = `meeple: ${snap.title}`;
  turnSignal(snap);
  $("title").textContent = `${snap.title} · table ${tableId}`;
  $("reconstructed").textContent = snap.reconstructed || "";
  $("reconstructed").hidden = !snap.reconstructed;
  drawAnalysis();
  $("version").textContent = `v${snap.version}`;
  $("spectate").href = `/t/${tableId}`;
  $("spectate").textContent = `${location.origin}/t/${tableId}`;
  drawBoard();
  drawLastMoves();
  drawNamePrompt();
  drawDecision();
  drawHelp(snap);
  drawSeats();
  drawLog();
  drawChat();
  drawResult();
  drawHints();
  drawUndo(snap);
  tick();
}

// ---- hints: the search's best choices for one's seat, where the table allows them ----

async function loadHints() {
  try {
    const query = token ? `?token=${encodeURIComponent(token)}` : "";
    hintInfo = await api("GET", `/api/tables/${tableId}/hints${query}`);
    if (snap) { drawHints(); drawResult(); }
  } catch { hintInfo = null; hintInfoOver = true; }  // no second try: no hints here
}

function hintBox() {
  let box = $("hintbox");
  if (!box) {
    box = el("div", { id: "hintbox" },
      el("button", { type: "button", id: "hint", onclick: askHint, text: "hint" }),
      el("span", { id: "hintnote", class: "muted" }), el("ol", { id: "hintlist" }));
    $("decision").append(box);
  }
  return box;
}

function drawHints() {
  if (!hintInfo && !hintInfoOver && snap.seat !== null && !hintBusy) {
    hintBusy = true;
    loadHints().finally(() => { hintBusy = false; if (snap) drawHints(); });
  }
  const box = hintBox();
  const seat = snap.seat;
  const allowed = hintInfo && seat !== null && hintInfo.allowed[seat] && !snap.over;
  box.hidden = !allowed;
  if (!allowed) return;
  const deciding = snap.to_act.includes(seat);
  if (!deciding) hintChoices = null;
  $("hint").disabled = !deciding || hintBusy;
  $("hintnote").textContent = ` the search's three best choices for your seat; you used ${hintInfo.used[seat]}`;
  const list = $("hintlist");
  clear(list);
  for (const c of hintChoices || []) {
    const chance = c.win === null ? "" : ` (win chance ${Math.round(c.win * 100)}%)`;
    list.append(el("li", {}, el("button", { class: "hintchoice", "data-action-text": c.action, onclick: () => play(c.action), text: labelOf(c.action) }), chance));
  }
}

async function askHint() {
  hintBusy = true;
  drawHints();
  $("hintnote").textContent = " searching…";
  try {
    const answer = await api("POST", `/api/tables/${tableId}/hints`, { token });
    hintChoices = answer.choices;
    hintInfo.used[snap.seat] = answer.used;
  } catch (error) {
    showError(error.message);
  } finally {
    hintBusy = false;
    drawHints();
  }
}

// ---- the story: since the seat's last decision (above the board), the log ----

// The seats as the story tells them (story.js): names, colours, the page's own seat.
function storyWho() {
  return { seat: snap.seat, name: seatName, colour: (seat) => (snap.colours || [])[seat] || "#888" };
}

// Everything visible since this seat's own last decision (story.js), uncapped.
function lastMoves() {
  return sinceLastDecision(events, snap.seat, snap.seat === null ? null : decidedAt(tableId, snap.seat));
}

function drawLastMoves() {
  const moves = lastMoves();
  renderSince($("lastmove"), moves, storyWho());
  // The board elements the game says those events concern (none: the words alone).
  const targets = new Set(moves.flatMap((e) => e.targets || []).map((t) => t.toLowerCase()));
  for (const node of $("board").querySelectorAll("[data-target]")) {
    node.classList.toggle("lastmove", targets.has(node.dataset.target.toLowerCase()));
  }
}

// ---- a person who came by a seat link names themself ----

function drawNamePrompt() {
  const form = $("nameform");
  const mine = snap.seat === null ? null : snap.seats[snap.seat];
  form.hidden = !mine || mine.kind !== "human" || Boolean(mine.player) || snap.over;
}

$("nameform").onsubmit = async (event) => {
  event.preventDefault();
  const name = $("nametext").value.trim();
  if (!name) { showError("type a name first (up to 40 characters)"); return; }
  try {
    await api("POST", `/api/tables/${tableId}/seats/${snap.seat}/name`, { token, name });
    $("nameform").hidden = true;
  } catch (error) { showError(error.message); }
};

// An action names a target when the target is one of its words or phrases ("cape town").
function spaced(text) { return ` ${text.toLowerCase().replace(/[:,]/g, " ").replace(/\s+/g, " ").trim()} `; }
function names(action, target) { return spaced(action).includes(spaced(target)); }

function drawBoard() {
  const board = $("board");
  if (snap.board) {
    if (!(snap.board in boards)) { fetchBoard(snap.board); return; }
    if (shownBoard !== snap.board) {
      board.innerHTML = boards[snap.board];  // produced by the game's renderer, which escapes its text
      const overlay = document.createElementNS(SVG_NS, "g");
      overlay.setAttribute("class", "overlay");
      board.querySelector("svg").append(overlay);
      shownBoard = snap.board;
    }
    board.querySelector("svg > g.overlay").innerHTML = snap.svg || "";
  } else {
    shownBoard = null;
    board.innerHTML = snap.svg || "";
    if (!snap.svg) board.append(el("pre", { text: JSON.stringify(snap.view, null, 1) }));
  }
  for (const node of board.querySelectorAll("[data-target], [data-action]")) {
    node.classList.toggle("playable", boardActions(node).length > 0);
  }
  // Fitted to its card; on a tablet or a phone a button may enlarge it (data-zoom).
  offerZoom(board);
  offerFolds(board);  // what the reader opened stays open (data-fold)
}

// The legal actions a board element offers: those naming its target, or its exact action.
function boardActions(node) {
  const legal = (snap && snap.legal) || [];
  if (node.dataset.action !== undefined) return legal.includes(node.dataset.action) ? [node.dataset.action] : [];
  const target = node.dataset.target.toLowerCase();
  return legal.filter((a) => names(a, target));
}

// One listener for the whole board: its elements stay while states change.
$("board").addEventListener("click", (event) => {
  const node = event.target.closest("[data-target], [data-action]");
  if (!node || !$("board").contains(node)) return;
  const actions = boardActions(node);
  if (actions.length) choose(actions, event);
});

// A board layer this page has not received (not sent over the socket): fetch it.
const fetching = new Set();
async function fetchBoard(id) {
  if (fetching.has(id)) return;
  fetching.add(id);
  try {
    const response = await fetch(`/api/tables/${tableId}/board.svg`);
    if (response.ok) boards[id] = await response.text();
  } finally { fetching.delete(id); }
  if (snap && snap.board in boards) drawBoard();
}

// A legal action in the game's words where it gives them; its text is what is played.
function labelOf(action) { return (snap && snap.labels && snap.labels[action]) || action; }

function closeMenu() { for (const m of document.querySelectorAll(".menu")) m.remove(); }

function choose(actions, event) {
  closeMenu();
  if (actions.length === 1) { decide(actions[0]); return; }
  // The options grouped as the controls group them (decision.js); a choice closes it.
  const menu = el("div", { class: "menu" }, menuContent(actions));
  menu.addEventListener("click", (e) => { if (e.target.closest("button[data-action-text]")) closeMenu(); });
  menu.style.left = `${Math.max(0, Math.min(event.pageX + 4, document.documentElement.clientWidth - 260))}px`;
  menu.style.top = `${event.pageY + 4}px`;
  document.body.append(menu);
  event.stopPropagation();
}
document.addEventListener("click", (event) => { if (!event.target.closest(".menu")) closeMenu(); });

function drawDecision() {
  const box = $("actions");
  const legal = snap.legal || [];
  const mine = snap.seat;
  let prompt;
  if (snap.over) prompt = "The game is over.";
  else if (mine === null) prompt = `Watching. Waiting for ${snap.to_act.map(seatName).join(", ") || "nobody"}.`;
  else if (legal.length) prompt = `Your decision (${snap.view.phase || "play"}):`;
  else prompt = `Waiting for ${snap.to_act.map(seatName).join(", ") || "nobody"}.`;
  $("prompt").textContent = prompt;
  $("freeform").hidden = mine === null || snap.over;
  $("leave").hidden = mine === null || snap.over;
  // The game's controls for the decision (decision.js): amounts, choices, the board.
  drawControls(box, snap, play, labelOf);
}

// One panel fact as a person reads it; nothing for a fact that is not there (false,
// empty, zero counts in a group).
function words(value) {
  if (Array.isArray(value)) return value.map(words).filter(Boolean).join(", ");
  if (value && typeof value === "object") {
    return Object.entries(value).filter(([, v]) => v !== 0 && v !== false && v !== null && v !== "")
      .map(([k, v]) => (v === true ? k.replaceAll("_", " ") : typeof v === "object" ? "" : `${k.replaceAll("_", " ")} ${v}`))
      .filter(Boolean).join(", ");
  }
  return value === null || value === undefined || value === false ? "" : String(value);
}

function fact(key, value) {
  const label = key.replaceAll("_", " ");
  if (value === true) return label;
  const text = words(value);
  return text ? `${label}: ${text}` : null;
}

function drawSeats() {
  const box = $("seats");
  clear(box);
  const chatTo = $("chatto");
  const keep = new Set(chosenRecipients());
  clear(chatTo);
  chatTo.append(el("span", { class: "muted", text: "private to:" }));
  for (const s of snap.seats) {
    const acting = snap.to_act.includes(s.seat) && !snap.over;
    const who = playedBy(s);
    const facts = Object.entries(s.panel || {}).map(([k, v]) => fact(k, v)).filter(Boolean).join(" · ");
    const row = el("div", { class: `seat${s.seat === snap.seat ? " me" : ""}`, "data-seat": s.seat },
      el("span", { class: `dot${s.connected ? " on" : ""}`, title: s.connected ? "connected" : "away" }),
      el("span", { text: s.name }), el("span", { class: `muted${s.bot_since ? " played" : ""}`, text: who }),
      el("span", { class: `status${acting ? " acting" : ""}`, text: s.status }),
      el("div", { class: "panel", text: facts }));
    if (snap.seat !== null && s.seat !== snap.seat && s.kind === "human" && !s.connected && !snap.over) {
      row.append(handoverButton(s, clockOffset, () => handToBot(s.seat)));
    }
    if (snap.seat !== null && s.seat === snap.seat && s.kind !== "human" && !snap.over) {
      row.append(el("button", { text: "take my seat back", onclick: () => takeBack(s.seat) }));
    }
    box.append(row);
    if (snap.seat !== null && s.seat !== snap.seat) {
      const box = el("input", { type: "checkbox", value: s.seat });
      box.checked = keep.has(s.seat);
      chatTo.append(el("label", {}, box, el("span", { text: s.name })));
    }
  }
}

// The seats ticked under the chat box; none ticked means a message to everyone.
function chosenRecipients() {
  return [...$("chatto").querySelectorAll("input:checked")].map((box) => Number(box.value));
}

function recipientNames(to) {
  const seats = Array.isArray(to) ? to : [to];
  return seats.map((seat) => (snap ? seatName(seat) : seat)).join(", ");
}

// The log (story.js), drawn again only when its events or the seats' names changed.
let loggedKey = null;
function drawLog() {
  const who = storyWho();
  const key = `${events.length}:${events.length ? `${events[events.length - 1].i}:${events[events.length - 1].text}` : ""}:${snap.seats.map((s) => seatName(s.seat)).join("|")}`;
  if (key === loggedKey) return;
  loggedKey = key;
  renderLog($("log"), events, who);
}

function drawChat() {
  const box = $("chatlog");
  clear(box);
  for (const m of chat) {
    const to = m.to === null ? "" : ` → ${recipientNames(m.to)}`;
    box.append(el("div", { class: m.to === null ? "" : "private" },
      el("b", { text: `${snap ? seatName(m.from) : m.from}${to}: ` }), el("span", { text: m.text })));
  }
  box.scrollTop = box.scrollHeight;
  $("chatform").hidden = !snap || snap.seat === null;
  // The table's talk rules (Africa 1880: talks during diplomacy only).
  $("chattext").disabled = Boolean(snap) && snap.chat_open === false;
  $("chattext").placeholder = $("chattext").disabled ? "talks are closed in this phase" : "";
}

function drawResult() {
  const box = $("scores");
  const result = snap.result;
  $("result").hidden = !result;
  if (!result) return;
  clear(box);
  if (!hintInfoOver) { hintInfoOver = true; loadHints(); }
  const used = hintInfo && hintInfo.used.some((n) => n > 0) ? hintInfo.used : null;
  box.append(el("p", { class: "winner", text: winnerLine(result) }));
  // The breakdown once: a part equal to the score for every seat repeats it.
  const keys = [...new Set(result.breakdown.flatMap((b) => Object.keys(b)))]
    .filter((k) => !result.scores.every((score, i) => result.breakdown[i][k] === score));
  // The tie-break values, where two seats share a score (the note names the rule).
  const tied = result.scores.some((s, i) => result.scores.indexOf(s) !== i) && result.tiebreak.some((t) => t.length);
  const head = el("tr", {}, el("th", { text: "place" }), el("th", { text: "seat" }), el("th", { text: "score" }), tied ? el("th", { text: "tie-break" }) : null, ...keys.map((k) => el("th", { text: k.replaceAll("_", " ") })), used ? el("th", { text: "hints used" }) : null);
  const table = el("table", {}, head);
  // By the game's ranks, then by score (the rules may rank only the winner).
  const order = result.scores.map((_, i) => i).sort((a, b) => result.ranks[a] - result.ranks[b] || result.scores[b] - result.scores[a]);
  for (const i of order) {
    table.append(el("tr", { class: result.winners.includes(i) ? "won" : "" }, el("td", { text: placeText(result, i) }), el("td", {}, seatName(i), botNote(snap.seats[i])), el("td", { text: result.scores[i] }),
      tied ? el("td", { text: result.tiebreak[i].join(", ") }) : null, ...keys.map((k) => el("td", { text: result.breakdown[i][k] ?? "" })), used ? el("td", { class: "hintsused", text: used[i] }) : null));
  }
  box.append(table);
  if (result.note) box.append(el("p", { class: "muted", text: result.note }));
  box.append(el("p", {}, el("a", { href: `/t/${tableId}/replay`, text: "step through the replay" })));
}

// "Winner: France", "Winners: Red, Blue (tied)", or no winner where the rules say so.
function winnerLine(result) {
  const names = result.winners.map(seatName);
  if (!names.length) return "No winner: tie for first.";
  if (names.length === 1) return `Winner: ${names[0]}.`;
  return `Winners, tied: ${names.join(", ")}.`;
}

// A seat's place by the game's ranks. Seats sharing a rank with different scores are
// not placed by the rules (Africa 1880 names a winner and no second place): a dash.
function placeText(result, seat) {
  if (result.winners.includes(seat)) return "winner";
  const rank = result.ranks[seat];
  const same = result.ranks.map((_, i) => i).filter((i) => i !== seat && result.ranks[i] === rank);
  if (same.some((i) => result.scores[i] !== result.scores[seat])) return "–";
  if (rank === 1 && !result.winners.length) return "tied for first";
  return same.length ? `${ordinal(rank)} (tied)` : ordinal(rank);
}

function ordinal(n) {
  const tail = n % 100 >= 11 && n % 100 <= 13 ? "th" : ({ 1: "st", 2: "nd", 3: "rd" }[n % 10] || "th");
  return `${n}${tail}`;
}

function tick() {
  const clock = $("clock");
  if (!snap || !snap.deadline || snap.over) { clock.textContent = ""; return; }
  const left = Math.max(0, Math.round(snap.deadline - (Date.now() / 1000 + clockOffset)));
  clock.textContent = `${Math.floor(left / 60)}:${String(left % 60).padStart(2, "0")}`;
  clock.title = "time left in this phase";
}
setInterval(tick, 500);

async function handToBot(seat) {
  const level = snap.bots.includes("medium") ? "medium" : snap.bots[0];
  try {
    await api("POST", `/api/tables/${tableId}/seats/${seat}/bot`, { token, level });
  } catch (error) { showError(error.message); }
}

async function takeBack(seat) {
  try {
    await api("POST", `/api/tables/${tableId}/seats/${seat}/back`, { token });
  } catch (error) { showError(error.message); }
}

$("freeform").onsubmit = (event) => {
  event.preventDefault();
  const text = $("actiontext").value.trim();
  if (text) { play(text); $("actiontext").value = ""; }
};
$("undo").onclick = () => { showError(""); send({ type: "undo" }); };
$("leave").onclick = () => { if (confirm("Leave this game? A bot takes your seat.")) handToBot(snap.seat); };
$("chatform").onsubmit = (event) => {
  event.preventDefault();
  const text = $("chattext").value.trim();
  if (!text) return;
  const to = chosenRecipients();
  if (send({ type: "chat", text, to: to.length === 0 ? null : to })) $("chattext").value = "";
};

connect();

// For programs driving the page (browser tests, accessibility tools): the last state.
window.meeple = { get state() { return snap; }, play, drop: () => socket && socket.close(), offers: boardActions, lastMoves, questionOpen };
