// A table page: one seat's (or a spectator's) live view over the WebSocket.
// The seat's secret is in the link's #seat= fragment, which the browser never sends to a
// server; it goes only in the WebSocket hello and the X-Seat-Token header.
// Every text from the server goes in with textContent; the table is drawn by scene.js from
// the scene in each frame (built on the server from this seat's observation only).
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
    socket.send(JSON.stringify({ type: "hello", token: TOKEN, have: log.length, scene: true }));
  });
  socket.addEventListener("message", (event) => {
    let msg;
    try { msg = JSON.parse(event.data); } catch (e) { return; }
    if (msg.type === "state") {
      const arrived = performance.now();
      onState(msg);
      // User Timing for the page benchmark (bench/page.py): frame arrival to the next paint
      requestAnimationFrame(() => performance.measure("inkhorn:redraw", { start: arrived, end: performance.now() }));
    }
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
  const drawn = drawBoard();
  drawActions(drawn);
  drawLog(msg.log_from);
  drawResult();
  if (!root.dataset.drawn) performance.mark("inkhorn:drawn");  // the first table drawn (bench/page.py)
  root.dataset.drawn = String(view.version);
}

function drawBoard() {
  const legal = new Map(view.actions.map((a) => [a.id, a.label]));
  const names = info ? info.seats.map((s) => s.name) : [];
  return InkhornScene.draw($("board"), view.scene, { names, viewer: view.seat, legal, choose: play, open: !!view.open });
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
  for (const b of document.querySelectorAll("#decide button")) b.disabled = busy;
  $("board").classList.toggle("busy", busy);
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

function choiceButton(a) {
  const b = el("button", { type: "button", "data-action": a.id, title: a.id }, a.label);
  b.addEventListener("click", () => play(a.id));
  return b;
}

// The prompt, the choices not drawn on the table as buttons, and every choice as a list (for
// keyboards and screen readers, and to find one by typing).
function drawActions(drawn) {
  const box = $("decide");
  const mine = view.actions.length > 0 || view.open;
  box.hidden = !mine;
  if (!mine) {  // nothing of a past decision stays in the page
    for (const id of ["prompt", "on-table", "actions", "full-list"]) $(id).replaceChildren();
    return;
  }
  $("prompt").textContent = view.prompt || "Your choice";
  $("move-error").textContent = "";
  $("typed").hidden = !view.open;
  const rest = view.actions.filter((a) => !drawn.has(a.id));
  const onTable = $("on-table");
  onTable.hidden = drawn.size === 0 && !drawn.composing;
  onTable.replaceChildren();
  if (drawn.size || drawn.composing) {
    const what = drawn.composing ? "Spell a word on the table by clicking your cards"
      : `Choose on the table (${drawn.size === 1 ? "1 choice" : `${drawn.size} choices`} highlighted: click, or Tab and Enter)`;
    onTable.append(`${what}${rest.length ? ", or here:" : "."} `);
    const go = el("button", { type: "button", id: "to-choices", class: "link" }, "Show me ↓");
    go.addEventListener("click", () => {
      const where = document.querySelector(drawn.composing ? "#board .compose" : "#board .choosable");
      const first = document.querySelector("#board .choosable");
      if (where) where.scrollIntoView({ block: "center" });
      if (first) first.focus({ preventScroll: true });
    });
    onTable.append(go);
  }
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
  for (const a of rest) list.append(choiceButton(a));
  const all = $("all-actions");
  all.hidden = drawn.size === 0;
  const filter = $("filter");
  filter.hidden = view.actions.length <= FILTER_FROM;
  filter.value = "";
  const full = $("full-list");
  full.replaceChildren(...view.actions.map(choiceButton));
}

function applyFilter() {
  const words = $("filter").value.toLowerCase().split(/\s+/).filter(Boolean);
  for (const b of $("full-list").children) {
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

$("filter").addEventListener("input", applyFilter);
$("typed-form").addEventListener("submit", (event) => {
  event.preventDefault();
  const text = $("typed-input").value.trim();
  if (text) play(text);
});
connect();
