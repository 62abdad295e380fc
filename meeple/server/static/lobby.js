// The lobby: create a table, take a free seat, find one's own tables again.
import { api, clear, el, forget, myTables, remember } from "/static/common.js";

const $ = (id) => document.getElementById(id);
let games = [];

function defaultBot(bots) {
  for (const name of ["medium", "heuristic", "easy", "random"]) if (bots.includes(name)) return name;
  return bots[0];
}

function gameTitle(name) { return (games.find((g) => g.name === name) || { title: name }).title; }

function currentGame() { return games.find((g) => g.name === $("game").value); }

function drawPlayers() {
  const game = currentGame();
  const select = $("players");
  const keep = Number(select.value);
  clear(select);
  for (let n = game.min_players; n <= game.max_players; n++) select.append(el("option", { value: n, text: n }));
  select.value = keep >= game.min_players && keep <= game.max_players ? keep : game.min_players;
  drawSeats();
  drawOptions();
}

function drawSeats() {
  const game = currentGame();
  const n = Number($("players").value);
  const names = game.seat_names[String(n)] || [];
  const box = $("seats");
  clear(box);
  for (let i = 0; i < n; i++) {
    const select = el("select", { id: `seat${i}`, "data-seat": i });
    select.append(el("option", { value: "human", text: i === 0 ? "you" : "a person (free seat)" }));
    for (const bot of game.bots) select.append(el("option", { value: bot, text: `bot: ${bot}` }));
    select.value = i === 0 ? "human" : defaultBot(game.bots);
    box.append(el("p", {}, el("label", {}, `Seat ${i + 1} (${names[i] || i}) `, select)));
  }
}

function drawOptions() {
  const game = currentGame();
  const box = $("options");
  clear(box);
  // Hints (the search's best choices on request): every person joining accepts them.
  box.append(el("p", {}, el("label", {}, "hints allowed ", el("input", { id: "hints", type: "checkbox" })),
    el("span", { class: "muted", text: " every seat may ask for the search's three best choices (always allowed for a person playing only against bots); the hints used are shown in the result" })));
  for (const option of game.options) box.append(optionRow(option, Number($("players").value)));
}

// One option as a person reads it: its label, a picker for its choices (one per
// seat for a per-seat option), its description.
function optionRow(option, players) {
  const id = `opt-${option.name}`;
  let input;
  if (option.per_seat.length) {
    input = el("span", { id, class: "perseat", "data-option": option.name, "data-kind": "perseat" });
    for (let i = 0; i < players; i++) {
      const pick = el("select", { "data-pick": i, "aria-label": `${option.label}: seat ${i + 1}` });
      pick.append(el("option", { value: "", text: `seat ${i + 1}: as the rules set up` }));
      for (const c of option.per_seat) pick.append(el("option", { value: c, text: `seat ${i + 1}: ${c.replace(/\b\w/g, (a) => a.toUpperCase())}` }));
      input.append(pick);
    }
  } else if (option.choices.length) {
    input = el("select", { id });
    for (const c of option.choices) input.append(el("option", { value: String(c), text: String(c) }));
    input.value = String(option.default);
  } else if (typeof option.default === "boolean") {
    input = el("input", { id, type: "checkbox", checked: option.default });
  } else if (typeof option.default === "number") {
    input = el("input", { id, type: "number", value: option.default });
  } else {
    input = el("input", { id, value: option.default, maxlength: 200 });
  }
  if (!option.per_seat.length) {
    input.dataset.option = option.name;
    input.dataset.kind = typeof option.default;
  }
  return el("div", { class: "option" }, el("label", { for: id }, option.label), " ", input,
    el("div", { class: "muted", text: option.description }));
}

function readOptions() {
  const out = {};
  for (const input of $("options").querySelectorAll("[data-option]")) {
    const kind = input.dataset.kind;
    if (kind === "perseat") {
      // Nothing picked: the rules' default; else every seat's pick, in seat order.
      const picks = [...input.querySelectorAll("select")].map((p) => p.value);
      out[input.dataset.option] = picks.every((p) => p === "") ? "" : picks.join(",");
      continue;
    }
    let value = input.type === "checkbox" ? input.checked : input.value;
    if (kind === "number") value = Number(value);
    if (kind === "boolean" && typeof value !== "boolean") value = value === "true";
    out[input.dataset.option] = value;
  }
  return out;
}

async function create(event) {
  event.preventDefault();
  $("createerror").textContent = "";
  const game = currentGame();
  const n = Number($("players").value);
  const myName = $("myname").value.trim() || "Player";
  const seats = [];
  let mine = null;
  for (let i = 0; i < n; i++) {
    const kind = $(`seat${i}`).value;
    if (kind === "human" && mine === null) { mine = i; seats.push({ kind, name: myName }); }
    else seats.push({ kind });
  }
  const body = { game: game.name, players: n, seats, options: readOptions(), hints: $("hints").checked };
  const seed = $("seed").value.trim();
  if (seed !== "") body.seed = Number(seed);
  try {
    const made = await api("POST", "/api/tables", body);
    const links = $("links");
    clear(links);
    if (mine === null) {
      location.href = `/t/${made.id}`;
      return;
    }
    remember(made.id, { token: made.tokens[String(mine)], seat: mine, game: game.name, title: game.title });
    const others = Object.keys(made.tokens).filter((s) => Number(s) !== mine);
    if (!others.length) {
      location.href = `/t/${made.id}#token=${made.tokens[String(mine)]}`;
      return;
    }
    links.append(el("p", { text: "Send these links to the other players (or they take a free seat in the lobby):" }));
    for (const s of others) {
      const url = `${location.origin}/t/${made.id}#token=${made.tokens[s]}`;
      links.append(el("p", {}, `Seat ${Number(s) + 1}: `, el("input", { value: url, size: 70, readonly: true, class: "seatlink" })));
    }
    links.append(el("p", {}, el("a", { href: `/t/${made.id}#token=${made.tokens[String(mine)]}`, id: "gotable" }, "Go to my table")));
  } catch (error) {
    $("createerror").textContent = error.message;
  }
}

async function take(table, seat) {
  const name = ($("myname").value || "").trim() || "Player";
  try {
    const claimed = await api("POST", `/api/tables/${table.id}/seats/${seat}/claim`, { name });
    remember(table.id, { token: claimed.token, seat, game: table.game, title: gameTitle(table.game) });
    location.href = `/t/${table.id}#token=${claimed.token}`;
  } catch (error) {
    alert(error.message);
  }
}

async function drawLists() {
  const playing = await api("GET", "/api/tables?status=playing");
  const open = $("open");
  clear(open);
  open.classList.remove("muted");
  const rows = playing.slice(0, 50).map((t) => el("div", { class: "seat" },
    el("span", { text: `${gameTitle(t.game)} · ${t.players} players` }),
    el("a", { href: `/t/${t.id}`, text: "watch" }),
    ...t.seats.filter((s) => s.free).map((s) => el("button", { onclick: () => take(t, s.seat), text: `take seat ${s.seat + 1}`, class: "take", "data-table": t.id })),
    el("span", { class: "status", text: t.seats.map((s) => s.player || (s.free ? "free" : s.kind)).join(", ") })));
  if (rows.length) open.append(...rows); else open.append(el("span", { class: "muted", text: "no tables yet" }));

  const over = await api("GET", "/api/tables?status=over");
  const finished = $("finished");
  clear(finished);
  const done = over.slice(0, 30).map((t) => el("div", {}, el("a", { href: `/t/${t.id}/replay`, text: `${gameTitle(t.game)} ${t.id}: replay` })));
  if (done.length) finished.append(...done); else finished.append(el("span", { class: "muted", text: "none yet" }));
}

async function drawMine() {
  const box = $("mylist");
  const mine = myTables();
  const ids = Object.keys(mine);
  if (!ids.length) return;
  clear(box);
  box.classList.remove("muted");
  for (const id of ids) {
    const entry = mine[id];
    const row = el("div", { class: "seat" }, el("a", { href: `/t/${id}#token=${entry.token}`, text: `${entry.title || gameTitle(entry.game)} ${id}` }));
    box.append(row);
    try {
      const snap = await api("GET", `/api/tables/${id}?token=${encodeURIComponent(entry.token)}`);
      const status = snap.over ? "finished" : snap.to_act.includes(snap.seat) ? "your decision" : "waiting for others";
      row.append(el("span", { class: "status", text: status }));
      if (snap.over) row.append(el("a", { href: `/t/${id}/replay`, text: "replay" }));
    } catch (error) {
      if (error.status === 404 || error.status === 403) forget(id);
      row.append(el("span", { class: "status", text: error.message }));
    }
  }
}

async function main() {
  games = await api("GET", "/api/games");
  for (const g of games) $("game").append(el("option", { value: g.name, text: g.title }));
  $("game").onchange = drawPlayers;
  $("players").onchange = () => { drawSeats(); drawOptions(); };
  $("createform").onsubmit = create;
  drawPlayers();
  await Promise.all([drawLists(), drawMine()]);
}

main();
