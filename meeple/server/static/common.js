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
