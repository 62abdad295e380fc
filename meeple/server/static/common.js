// Shared helpers of the web client: API calls, the seats kept in localStorage, DOM.
export const STORE_KEY = "meeple.tables";

export function el(tag, attrs = {}, ...children) {
  const node = document.createElement(tag);
  for (const [key, value] of Object.entries(attrs)) {
    if (value === null || value === undefined || value === false) continue;
    if (key === "onclick" || key === "onchange" || key === "oninput" || key === "onsubmit") node[key] = value;
    else if (key === "text") node.textContent = value;  // text only: never parsed as HTML
    else node.setAttribute(key, value === true ? "" : String(value));
  }
  for (const child of children.flat()) {
    if (child === null || child === undefined || child === false) continue;
    node.append(child instanceof Node ? child : document.createTextNode(String(child)));
  }
  return node;
}

export async function api(method, path, body) {
  const init = { method, headers: {} };
  if (body !== undefined) {
    init.headers["content-type"] = "application/json";
    init.body = JSON.stringify(body);
  }
  const response = await fetch(path, init);
  let data = null;
  try { data = await response.json(); } catch { data = null; }
  if (!response.ok) {
    let detail = data && data.detail;
    if (Array.isArray(detail)) detail = detail.map((d) => d.msg).join("; ");
    const error = new Error(detail || response.statusText);
    error.status = response.status;
    error.rule = data && data.rule;
    throw error;
  }
  return data;
}

export function myTables() {
  try { return JSON.parse(localStorage.getItem(STORE_KEY) || "{}"); } catch { return {}; }
}

export function remember(tableId, entry) {
  const all = myTables();
  all[tableId] = { ...(all[tableId] || {}), ...entry, saved: Date.now() };
  localStorage.setItem(STORE_KEY, JSON.stringify(all));
}

export function forget(tableId) {
  const all = myTables();
  delete all[tableId];
  localStorage.setItem(STORE_KEY, JSON.stringify(all));
}

export function clear(node) { while (node.firstChild) node.removeChild(node.firstChild); }

// A drawing whose root names a width in `data-zoom` (every game's board: the width
// at which its smallest text reads at 11 px or more) fits its card and may be
// enlarged to that width, scrolling in its card, and fitted back by a button before
// it, which the stylesheet shows on a phone or a tablet only; the button stays
// hidden while the fitted drawing is that wide already (within 2%: a smaller gain
// is not worth a button). The button names the drawing by its root's
// `data-zoom-name` ("map" without it). While enlarged, the card has the class
// `zoomed`: a drawing may arrange itself differently then (Namibia's and Africa's
// panels go back beside the map). The choice holds for the page's next drawings
// (call again after each) and a turned screen.
let zoomed = false;
let watched = null;
export function offerZoom(board) {
  const svg = board.querySelector("svg");
  const width = svg && svg.dataset.zoom;
  let button = board.querySelector(":scope > button.zoom");
  if (!width) {
    if (button) button.remove();
    board.classList.remove("zoomed");
    return;
  }
  if (!button) {
    button = el("button", { type: "button", class: "zoom", onclick: () => { zoomed = !zoomed; offerZoom(board); } });
    board.prepend(button);
  }
  if (watched !== board) {
    window.addEventListener("resize", () => offerZoom(board));
    watched = board;
  }
  button.hidden = false;
  const offered = getComputedStyle(button).display !== "none";
  const on = zoomed && offered;
  const name = svg.dataset.zoomName || "map";
  button.textContent = on ? `fit the ${name} to the screen` : `enlarge the ${name}`;
  button.setAttribute("aria-pressed", String(on));
  // important: a tablet's fitted width is an !important rule of the drawing's own
  if (on) svg.style.setProperty("width", width, "important");
  else svg.style.removeProperty("width");
  board.classList.toggle("zoomed", on);
  button.hidden = !on && svg.getBoundingClientRect().width >= 0.98 * parseFloat(width);
}

// A drawing's folds: an element with `data-fold` (a name) opens and closes what it
// names. A click on it, or Enter or Space while it has the focus, toggles the class
// `open-<name>` on the drawing's root, which the drawing's own stylesheet reads
// (Mombasa: another player's board under its one-line summary). The element is a
// button to assistive technology, its `aria-expanded` telling whether it is open.
// What is open holds for the page's next drawings (call again after each) and, in
// the tab's sessionStorage by the page's path, across reloads of the page.
const FOLDS_KEY = `meeple.folds:${location.pathname}`;
const opened = new Set(storedFolds());
let foldsWatched = null;

function storedFolds() {
  try {
    const names = JSON.parse(sessionStorage.getItem(FOLDS_KEY) || "[]");
    return Array.isArray(names) ? names.filter((n) => typeof n === "string") : [];
  } catch { return []; }
}

function storeFolds() {
  try { sessionStorage.setItem(FOLDS_KEY, JSON.stringify([...opened])); } catch { /* not kept */ }
}
export function offerFolds(board) {
  const svg = board.querySelector("svg");
  if (!svg) return;
  for (const node of svg.querySelectorAll("[data-fold]")) {
    const open = opened.has(node.dataset.fold);
    svg.classList.toggle(`open-${node.dataset.fold}`, open);
    node.setAttribute("role", "button");
    node.setAttribute("tabindex", "0");
    node.setAttribute("aria-expanded", String(open));
  }
  if (foldsWatched === board) return;
  foldsWatched = board;
  const toggle = (node) => {
    const name = node.dataset.fold;
    if (opened.has(name)) opened.delete(name); else opened.add(name);
    storeFolds();
    offerFolds(board);
  };
  board.addEventListener("click", (event) => {
    const node = event.target.closest("[data-fold]");
    if (node && board.contains(node)) toggle(node);
  });
  board.addEventListener("keydown", (event) => {
    const node = event.target.closest("[data-fold]");
    if (!node || !board.contains(node) || (event.key !== "Enter" && event.key !== " ")) return;
    event.preventDefault();
    toggle(node);
  });
}
