// A table page: one seat's (or a spectator's) live view over the WebSocket.
// The seat's secret is in the link's #seat= fragment, which the browser never sends to a
// server; it goes only in the WebSocket hello and the X-Seat-Token header.
// Every text from the server goes in with textContent; the board is the server's picture
// (rich's HTML, every text escaped there).
"use strict";

const $ = (id) => document.getElementById(id);
const root = $("table");
const TABLE = root.dataset.table;
const TOKEN = new URLSearchParams(location.hash.slice(1)).get("seat");
const FILTER_FROM = 12;

let info = null;        // the table's public facts (first frame)
let view = null;        // the newest state frame
let log = [];           // log entries, as this seat may see them
let socket = null;
let retry = 500;
let boardVersion = -1;
let boardBusy = false;

function el(tag, attrs = {}, text = "") {
  const node = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs)) node.setAttribute(k, v);
  if (text !== "") node.textContent = text;
  return node;
}

function seatName(seat) {
  const s = info && info.seats[seat];
  // seats are numbered as the game's own picture of the table numbers them (from 0)
  return s ? `${s.name} (seat ${seat})` : `seat ${seat}`;
}

function connect() {
  const scheme = location.protocol === "https:" ? "wss" : "ws";
  socket = new WebSocket(`${scheme}://${location.host}/ws/tables/${encodeURIComponent(TABLE)}`);
  socket.addEventListener("open", () => {
    retry = 500;
    $("connection").textContent = "";
    socket.send(JSON.stringify({ type: "hello", token: TOKEN, have: log.length }));
  });
  socket.addEventListener("message", (event) => {
    let msg;
    try { msg = JSON.parse(event.data); } catch (e) { return; }
    if (msg.type === "state") onState(msg);
    else if (msg.type === "error") onError(msg);
  });
  socket.addEventListener("close", (event) => {
    if (event.code === 4403 || event.code === 4404) return;  // a bad link: retrying will not help
    $("connection").textContent = "Connection lost; reconnecting…";
    setTimeout(connect, retry);
    retry = Math.min(retry * 2, 8000);
  });
}

function onError(msg) {
  const box = $("move-error");
  box.textContent = msg.error;
  if (msg.code === "forbidden" && !view) {
    $("turn").textContent = msg.error;
  }
  setBusy(false);
}

function onState(msg) {
  if (msg.info) info = msg.info;
  if (msg.log_from > log.length) { socket.close(); return; }  // a gap: reconnect and catch up
  log = log.slice(0, msg.log_from).concat(msg.log);
  view = msg;
  root.dataset.version = String(msg.version);  // what the page shows: for tests and tools
  drawWho();
  drawTurn();
  drawActions();
  drawLog(msg.log_from);
  drawResult();
  fetchBoard();
}

function drawWho() {
  $("who").textContent = view.seat === null
    ? "You are watching: you see what every player sees."
    : `You are ${seatName(view.seat)}.`;
}

function drawTurn() {
  const turn = $("turn");
  turn.classList.toggle("yours", !!view.turn && view.turn.seat === view.seat);
  if (!view.turn) turn.textContent = "The game is over.";
  else if (view.turn.seat === view.seat) turn.textContent = "Your turn.";
  else turn.textContent = `Waiting for ${seatName(view.turn.seat)}${view.turn.sealed ? " (a secret choice)" : ""}.`;
}

function setBusy(busy) {
  for (const b of document.querySelectorAll("#actions button, #typed-form button")) b.disabled = busy;
}

function play(action) {
  $("move-error").textContent = "";
  if (!socket || socket.readyState !== WebSocket.OPEN) {
    $("move-error").textContent = "Not connected; wait a moment and try again.";
    return;
  }
  setBusy(true);
  socket.send(JSON.stringify({ type: "move", action, version: view.version }));
}

function drawActions() {
  const box = $("decide");
  const mine = view.actions.length > 0 || view.open;
  box.hidden = !mine;
  if (!mine) return;
  $("prompt").textContent = view.prompt || "Your choice";
  $("move-error").textContent = "";
  $("typed").hidden = !view.open;
  const filter = $("filter");
  filter.hidden = view.actions.length <= FILTER_FROM;
  filter.value = "";
  const list = $("actions");
  list.replaceChildren();
  if (view.undo) {
    const back = el("button", { type: "button", id: "undo", class: "undo", title: "Take back your last move (the others have not seen it)" },
                    "↶ Take back my last move");
    back.addEventListener("click", () => {
      setBusy(true);
      socket.send(JSON.stringify({ type: "undo", version: view.version }));
    });
    list.append(back);
  }
  for (const a of view.actions) {
    const b = el("button", { type: "button", "data-action": a.id, title: a.id }, a.label);
    b.addEventListener("click", () => play(a.id));
    list.append(b);
  }
}

function applyFilter() {
  const words = $("filter").value.toLowerCase().split(/\s+/).filter(Boolean);
  for (const b of $("actions").children) {
    const text = (b.textContent + " " + b.dataset.action).toLowerCase();
    b.hidden = !words.every((w) => text.includes(w));
  }
}

function drawLog(from) {
  const list = $("log");
  while (list.children.length > from) list.lastChild.remove();
  for (const entry of log.slice(list.children.length)) {
    const li = el("li", { value: String(entry.index + 1) });
    li.append(el("b", {}, info ? info.seats[entry.seat].name : `seat ${entry.seat}`), " ");
    li.append(el("span", { class: entry.hidden ? "hidden-move" : "" }, entry.text));
    list.append(li);
  }
  list.scrollTop = list.scrollHeight;
}

function drawResult() {
  const box = $("result");
  box.hidden = !view.result;
  if (!view.result) return;
  const order = view.result.scores.map((s, seat) => [s, seat]).sort((a, b) => b[0] - a[0]);
  const list = $("scores");
  list.replaceChildren();
  for (const [score, seat] of order) {
    const won = view.result.winners.includes(seat);
    list.append(el("li", { class: won ? "winner" : "" }, `${seatName(seat)}: ${score}${won ? " — winner" : ""}`));
  }
  $("download").href = `/api/tables/${encodeURIComponent(TABLE)}/log`;
  $("replay-link").href = `/t/${encodeURIComponent(TABLE)}/replay`;
}

async function fetchBoard() {
  if (boardBusy || !view || view.version === boardVersion) return;
  boardBusy = true;
  const wanted = view.version;
  try {
    const headers = TOKEN ? { "X-Seat-Token": TOKEN } : {};
    const reply = await fetch(`/api/tables/${encodeURIComponent(TABLE)}/board`, { headers });
    if (reply.ok) {
      const data = await reply.json();
      $("board").innerHTML = data.html;  // rich's HTML: every text in it is escaped
      boardVersion = data.version;
    }
  } catch (e) { /* drawn again at the next frame */ }
  boardBusy = false;
  if (view.version !== wanted) fetchBoard();
}

$("filter").addEventListener("input", applyFilter);
$("typed-form").addEventListener("submit", (event) => {
  event.preventDefault();
  const text = $("typed-input").value.trim();
  if (text) play(text);
});
connect();
