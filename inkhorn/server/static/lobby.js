// The lobby: create a table (game, players, seats, options) and list tables.
// Every text from the server or a person goes in with textContent, never as markup.
"use strict";

const $ = (id) => document.getElementById(id);
let GAMES = {};
let AGENTS = ["random", "greedy", "mcts:time=1"];
let DEFAULT_BOT = "mcts:time=1";

function el(tag, attrs = {}, text = "") {
  const node = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs)) node.setAttribute(k, v);
  if (text) node.textContent = text;
  return node;
}

function seatRow(k) {
  const row = el("div", { class: "seat-row" });
  const kind = el("select", { "data-kind": k, "aria-label": `seat ${k}: person or bot` });
  kind.append(el("option", { value: "human" }, "Person"), el("option", { value: "bot" }, "Bot"));
  if (k > 0) kind.value = "bot";
  const agent = el("select", { "data-agent": k, "aria-label": `seat ${k}: bot` });
  for (const a of AGENTS) agent.append(el("option", { value: a }, a));
  agent.value = AGENTS.includes(DEFAULT_BOT) ? DEFAULT_BOT : AGENTS[0];
  const name = el("input", { "data-name": k, maxlength: "40", placeholder: `Player ${k + 1}`,
                             "aria-label": `seat ${k}: name` });
  const sync = () => { agent.hidden = kind.value !== "bot"; name.placeholder = kind.value === "bot" ? "bot" : `Player ${k + 1}`; };
  kind.addEventListener("change", sync);
  sync();
  row.append(el("span", { class: "seat-no" }, `Seat ${k}`), kind, agent, name);
  return row;
}

function drawSeats() {
  const n = Number($("players").value) || 1;
  const box = $("seats");
  while (box.children.length < n) box.append(seatRow(box.children.length));
  while (box.children.length > n) box.lastChild.remove();
}

function optionInput(opt) {
  const s = opt.schema || {};
  const label = el("label", { class: "option", title: opt.description || "" });
  label.append(el("span", {}, opt.key));
  let input;
  const choices = s.enum || (s.anyOf || []).flatMap((x) => x.enum || []);
  if (s.type === "boolean") {
    input = el("input", { type: "checkbox" });
    input.checked = !!opt.default;
  } else if (choices.length) {
    input = el("select");
    for (const c of choices) input.append(el("option", { value: String(c) }, String(c)));
    input.value = String(opt.default);
  } else {
    input = el("input", { type: s.type === "integer" || s.type === "number" ? "number" : "text" });
    input.value = opt.default === null || opt.default === undefined ? "" : String(opt.default);
  }
  input.dataset.option = opt.key;
  input.dataset.kind = s.type || "string";
  input.dataset.default = JSON.stringify(opt.default);
  label.append(input);
  if (opt.description) label.append(el("small", { class: "muted" }, opt.description));
  return label;
}

function drawOptions() {
  const game = GAMES[$("game").value];
  const box = $("options");
  box.replaceChildren();
  if (!game) return;
  if (!game.options.length) box.append(el("p", { class: "muted" }, "This game has no options."));
  for (const opt of game.options) box.append(optionInput(opt));
}

function chooseGame() {
  const sel = $("game").selectedOptions[0];
  const players = $("players");
  players.min = sel.dataset.min;
  players.max = sel.dataset.max;
  players.value = sel.dataset.default;
  drawSeats();
  drawOptions();
}

function readOptions() {
  const out = {};
  for (const input of document.querySelectorAll("[data-option]")) {
    let value;
    if (input.type === "checkbox") value = input.checked;
    else if (input.dataset.kind === "integer") value = input.value === "" ? null : Number(input.value);
    else if (input.dataset.kind === "number") value = input.value === "" ? null : Number(input.value);
    else value = input.value === "" && input.dataset.default === "null" ? null : input.value;
    if (JSON.stringify(value) !== input.dataset.default) out[input.dataset.option] = value;
  }
  return out;
}

async function create(event) {
  event.preventDefault();
  $("create-error").textContent = "";
  const n = Number($("players").value);
  const seats = [];
  for (let k = 0; k < n; k++) {
    const kind = document.querySelector(`[data-kind="${k}"]`).value;
    seats.push({ kind, agent: document.querySelector(`[data-agent="${k}"]`).value,
                 name: document.querySelector(`[data-name="${k}"]`).value });
  }
  const body = { game: $("game").value, players: n, seats, options: readOptions(), name: $("table-name").value };
  let reply;
  try {
    reply = await fetch("/api/tables", { method: "POST", headers: { "Content-Type": "application/json" },
                                         body: JSON.stringify(body) });
  } catch (e) {
    $("create-error").textContent = "The server cannot be reached.";
    return;
  }
  const data = await reply.json().catch(() => ({ error: "the server's answer was not JSON" }));
  if (!reply.ok) {
    $("create-error").textContent = data.error || `refused (${reply.status})`;
    return;
  }
  const links = $("links");
  links.replaceChildren();
  for (const link of data.seat_links) {
    const li = el("li");
    const a = el("a", { href: link.url, target: "_blank", rel: "noopener" }, `Seat ${link.seat}: ${link.name}`);
    const copy = el("button", { type: "button", class: "small" }, "Copy link");
    copy.addEventListener("click", async () => {
      try { await navigator.clipboard.writeText(link.url); copy.textContent = "Copied"; }
      catch (e) { copy.textContent = "Select and copy the link"; }
    });
    const text = el("input", { readonly: "", value: link.url, class: "link-text", "aria-label": "seat link" });
    li.append(a, " ", copy, text);
    links.append(li);
  }
  const spectator = $("spectator-link");
  spectator.href = data.spectator_url;
  spectator.textContent = data.spectator_url;
  $("created").hidden = false;
  listTables();
}

function tableItem(t) {
  const li = el("li");
  const seats = t.seats.map((s) => (s.kind === "bot" ? `${s.name} (${s.agent})` : s.name)).join(", ");
  const a = el("a", { href: t.url }, `${t.game_name} · ${t.name}`);
  li.append(a, el("span", { class: "muted" }, ` — ${seats} — ${t.version} moves`));
  if (t.finished) {
    li.append(" ", el("a", { href: `${t.url}/replay` }, "replay"),
              " ", el("a", { href: `/api/tables/${encodeURIComponent(t.id)}/log` }, "log"));
  }
  return li;
}

async function listTables() {
  for (const [id, finished] of [["open-tables", false], ["finished-tables", true]]) {
    const box = $(id);
    try {
      const reply = await fetch(`/api/tables?finished=${finished}&limit=30`);
      const tables = await reply.json();
      box.replaceChildren(...tables.map(tableItem));
      if (!tables.length) box.append(el("li", { class: "muted" }, finished ? "None yet." : "No table yet: start one above."));
    } catch (e) {
      box.replaceChildren(el("li", { class: "error" }, "The server cannot be reached."));
    }
  }
}

async function main() {
  try {
    const info = await (await fetch("/api/games")).json();
    for (const g of info.games) GAMES[g.id] = g;
    DEFAULT_BOT = info.default_bot || DEFAULT_BOT;
    AGENTS = [...new Set(["random", "greedy", "mcts:time=1", "mcts:time=3", DEFAULT_BOT])]
      .filter((a) => info.agents.includes(a.split(":")[0]));
  } catch (e) { /* the form still works with the defaults */ }
  $("game").addEventListener("change", chooseGame);
  $("players").addEventListener("input", drawSeats);
  $("new-table").addEventListener("submit", create);
  chooseGame();
  listTables();
  setInterval(listTables, 10000);
}

main();
