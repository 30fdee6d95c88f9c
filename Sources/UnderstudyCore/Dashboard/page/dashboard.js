// The dashboard: reads the admin API of the server that served it and polls the journal.
// Everything shown is put in the page as text (never as HTML): request targets are whatever
// a client sent.
"use strict";

const admin = "/__understudy";
const pollMilliseconds = 1000;
const keptEntries = 1000;

// The admin token, when the server needs one: given once in the page's address (?token=),
// then kept for this tab only and taken out of the address bar.
const token = (() => {
  const url = new URL(location.href);
  const given = url.searchParams.get("token");
  if (given) {
    sessionStorage.setItem("understudy-admin-token", given);
    url.searchParams.delete("token");
    history.replaceState(null, "", url.pathname + url.search + url.hash);
  }
  return sessionStorage.getItem("understudy-admin-token");
})();

const state = { entries: [], lastSequence: 0, received: 0, resets: null, open: new Set(), session: "", providers: new Set() };

function forgetJournal() {
  state.entries = []; state.lastSequence = 0; state.received = 0; state.resets = null; state.open.clear();
}

function $(id) { return document.getElementById(id); }

/** An element with attributes and children (strings become text nodes). */
function el(tag, attributes, ...children) {
  const node = document.createElement(tag);
  for (const [name, value] of Object.entries(attributes || {})) {
    if (value === undefined || value === null || value === false) continue;
    if (name.startsWith("on")) node.addEventListener(name.slice(2), value);
    else node.setAttribute(name, value === true ? "" : value);
  }
  for (const child of children.flat()) {
    if (child === undefined || child === null) continue;
    node.append(child instanceof Node ? child : document.createTextNode(String(child)));
  }
  return node;
}

async function call(method, path, body) {
  const headers = {};
  if (token) headers["X-Understudy-Admin-Token"] = token;
  if (state.session) headers["X-Understudy-Session"] = state.session;
  if (body !== undefined) headers["Content-Type"] = "application/json";
  const response = await fetch(admin + path, { method, headers, body: body === undefined ? undefined : JSON.stringify(body), cache: "no-store" });
  const text = await response.text();
  let json = null;
  try { json = JSON.parse(text); } catch (_) { /* a fixture's text is shown as it is */ }
  if (!response.ok) throw new Error((json && json.understudy && json.understudy.error) || `${method} ${path}: HTTP ${response.status}`);
  return { json, text };
}

function showError(error) { $("error").textContent = error ? String(error.message || error) : ""; }

// MARK: journal

function answerOf(entry) {
  if (entry.nearMisses) return el("span", { class: "badge miss" }, "miss");
  if (entry.answeredBy) return el("span", { class: "badge provider" }, entry.answeredBy);
  if (entry.fixture) return el("span", {}, entry.fixture, entry.recorded ? " (recorded)" : "");
  if (entry.forwarded) return el("span", { class: "muted" }, "forwarded: " + entry.forwarded);
  if (entry.upstreamFailure) return el("span", { class: "badge miss" }, "upstream failed: " + entry.upstreamFailure);
  return "";
}

function matchesFilters(entry) {
  const provider = $("filter-provider").value, status = $("filter-status").value;
  if (provider && entry.provider !== provider) return false;
  if (status === "miss") return Boolean(entry.nearMisses);
  if (status === "violation") return Boolean(entry.violation);
  if (status) return String(entry.status).startsWith(status);
  return true;
}

function renderJournal() {
  const body = $("entries");
  body.replaceChildren();
  const shown = state.entries.filter(matchesFilters).reverse();
  for (const entry of shown) {
    const open = state.open.has(entry.sequence);
    body.append(el("tr", {
      class: "entry" + (open ? " open" : ""), "data-testid": "entry", "data-sequence": entry.sequence,
      onclick: () => { open ? state.open.delete(entry.sequence) : state.open.add(entry.sequence); renderJournal(); },
    },
      el("td", {}, entry.sequence),
      el("td", { class: "muted" }, entry.time.replace(/^.*T/, "").replace("Z", "")),
      el("td", {}, entry.provider || ""),
      el("td", { class: "target" }, entry.method + " " + entry.target),
      el("td", { class: "status s" + String(entry.status)[0] }, entry.status),
      el("td", {}, answerOf(entry), entry.violation ? [" ", el("span", { class: "badge violation" }, "contract")] : ""),
    ));
    if (open) body.append(el("tr", { class: "detail", "data-testid": "entry-detail" }, el("td", { colspan: 6 }, detailOf(entry))));
  }
  $("journal-empty").hidden = state.entries.length > 0;
  $("journal-count").textContent = `${shown.length} shown of ${state.received} received`;
  renderBilling();
}

// What the kept requests would cost at the real provider: requests per SKU, for packs that
// price requests by the fields their mask asks for (Places API (New)).
function renderBilling() {
  const counts = new Map();
  for (const entry of state.entries) {
    if (entry.billing) counts.set(entry.billing.sku, (counts.get(entry.billing.sku) || 0) + 1);
  }
  const billing = $("billing");
  billing.hidden = counts.size === 0;
  billing.replaceChildren("Requests per SKU: ",
    ...[...counts.entries()].sort((a, b) => a[0].localeCompare(b[0])).flatMap(([sku, count], index) =>
      [index ? ", " : "", el("span", { "data-testid": "sku" }, `${sku} ${count}`)]));
}

function detailOf(entry) {
  const request = entry.request || { headers: [], body: "" };
  const requestPart = el("div", {},
    el("h3", {}, "Request"),
    el("pre", { "data-testid": "request" },
      `${entry.method} ${entry.target}\n` + request.headers.map((h) => `${h.name}: ${h.value}`).join("\n") + (request.body ? `\n\n${request.body}` : "")));
  const answerPart = el("div", {});
  if (entry.fixture) {
    const shown = el("div", {});
    answerPart.append(el("h3", {}, "Answered by fixture"),
      el("p", {}, el("button", { type: "button", class: "link", "data-testid": "fixture-link", onclick: (event) => { event.stopPropagation(); showFixture(entry.fixture, shown); } }, entry.fixture)),
      shown);
  }
  if (entry.answeredBy) answerPart.append(el("h3", {}, "Answered by the provider's contract"), el("p", {}, entry.answeredBy));
  if (entry.billing) {
    answerPart.append(el("h3", {}, "Billed as"),
      el("p", { "data-testid": "billed" }, entry.billing.sku, entry.billing.raisedBy.length ? ` (raised by ${entry.billing.raisedBy.join(", ")})` : ""));
  }
  if (entry.violation) {
    const v = entry.violation;
    answerPart.append(el("h3", {}, "Contract violation"),
      el("p", { "data-testid": "violation" }, `${v.provider}${v.operation ? " " + v.operation : ""} — ${v.kind}${v.parameter ? " (" + v.parameter + ")" : ""}: ${v.detail}`));
  }
  if (entry.nearMisses) {
    answerPart.append(el("h3", {}, "No fixture matched"));
    if (entry.nearMisses.length === 0) answerPart.append(el("p", { class: "muted" }, "No fixture has this method and path."));
    for (const nearMiss of entry.nearMisses) {
      answerPart.append(el("table", { class: "diff", "data-testid": "near-miss" },
        el("thead", {}, el("tr", {}, el("th", { colspan: 3 }, "closest: " + nearMiss.fixture))),
        el("tr", {}, el("th", {}, "condition"), el("th", {}, "fixture expects"), el("th", {}, "request had")),
        nearMiss.mismatches.map((m) => el("tr", { "data-testid": "mismatch" },
          el("td", {}, m.condition), el("td", { class: "expected" }, m.expected), el("td", { class: "actual" }, m.actual)))));
    }
  }
  return el("div", { class: "columns", onclick: (event) => event.stopPropagation() }, requestPart, answerPart);
}

async function showFixture(file, into) {
  try {
    const { json, text } = await call("GET", "/fixtures/" + file.split("/").map(encodeURIComponent).join("/"));
    into.replaceChildren(el("pre", { "data-testid": "fixture-json" }, json ? JSON.stringify(json, null, 2) : text));
  } catch (error) { into.replaceChildren(el("p", { class: "error" }, error.message)); }
}

async function pollJournal() {
  const { json } = await call("GET", "/journal?since=" + state.lastSequence);
  // A reset starts the sequence numbers again: read the journal whole.
  if (state.resets !== null && json.resets !== state.resets) {
    forgetJournal();
    return pollJournal();
  }
  state.resets = json.resets;
  state.received = json.received;
  if (json.entries.length > 0) {
    state.entries = state.entries.concat(json.entries).slice(-keptEntries);
    state.lastSequence = state.entries[state.entries.length - 1].sequence;
    for (const entry of json.entries) if (entry.provider && !state.providers.has(entry.provider)) addProvider(entry.provider);
  }
  renderJournal();
}

function addProvider(provider) {
  state.providers.add(provider);
  const select = $("filter-provider");
  const options = [...state.providers].sort().map((p) => el("option", { value: p }, p));
  const chosen = select.value;
  select.replaceChildren(el("option", { value: "" }, "all"), ...options);
  select.value = chosen;
}

// MARK: coverage

async function loadCoverage() {
  let json;
  try { ({ json } = await call("GET", "/coverage")); } catch (error) {
    $("coverage-summary").textContent = error.message;
    return;
  }
  $("coverage-summary").textContent = `Declared statuses without a fixture: ${json.uncovered} of ${json.declared}.`;
  const tables = $("coverage-tables");
  tables.replaceChildren();
  const providers = [...new Set(json.operations.map((o) => o.provider))];
  for (const provider of providers) {
    addProvider(provider);
    const operations = json.operations.filter((o) => o.provider === provider);
    const statuses = [...new Set(operations.flatMap((o) => Object.keys(o.statuses)))].sort();
    tables.append(el("h2", {}, provider), el("table", { class: "grid coverage", "data-testid": "coverage-" + provider },
      el("thead", {}, el("tr", {}, el("th", {}, "operation"), statuses.map((s) => el("th", {}, s)))),
      el("tbody", {}, operations.map((o) => el("tr", { "data-testid": "coverage-row", "data-operation": o.operation },
        el("td", { class: "op" }, `${o.method} ${o.path}`, el("div", { class: "muted" }, o.operation)),
        statuses.map((s) => {
          const files = o.statuses[s];
          if (!files) return el("td", { class: "cell-undeclared", title: "not declared" }, "");
          if (files.length === 0) return el("td", { class: "cell-uncovered", "data-testid": "uncovered", "data-status": s }, "none");
          return el("td", { class: "cell-covered", "data-status": s }, files.length, el("div", { class: "files" }, files.map((f) => el("div", {}, f))));
        }))))));
  }
  $("coverage-unrouted").replaceChildren(...(json.unrouted.length === 0 ? [] : [
    el("h2", {}, "Fixtures under no operation of their contract"),
    el("ul", {}, json.unrouted.map((f) => el("li", {}, f)))]));
}

// MARK: scenarios, overrides, clock, sessions

async function loadState() {
  const [{ json: scenarios }, { json: overrides }, { json: clock }] = await Promise.all([
    call("GET", "/scenarios"), call("GET", "/overrides"), call("GET", "/clock")]);
  const names = Object.keys(scenarios.scenarios).sort();
  $("scenarios-empty").hidden = names.length > 0;
  $("scenarios").replaceChildren(...names.map((name) => {
    const select = el("select", { "data-testid": "scenario-choice" }, (scenarios.states[name] || []).map((s) => el("option", { value: s }, s)));
    select.value = scenarios.scenarios[name];
    return el("tr", { "data-testid": "scenario", "data-scenario": name },
      el("td", {}, name), el("td", { "data-testid": "scenario-state" }, scenarios.scenarios[name]),
      el("td", {}, select, " ", el("button", { type: "button", "data-testid": "scenario-set", onclick: () => act(() => call("PUT", "/scenarios/" + encodeURIComponent(name), { state: select.value })) }, "Set")));
  }));
  const files = Object.keys(overrides.overrides).sort();
  $("overrides").replaceChildren(...(files.length === 0
    ? [el("tr", {}, el("td", { colspan: 2, class: "muted" }, "none"))]
    : files.map((file) => el("tr", {}, el("td", {}, file), el("td", {}, JSON.stringify(overrides.overrides[file]))))));
  const now = `clock: ${clock.now}${clock.manual ? " (manual)" : ""}`;
  $("clock").textContent = now;
  $("clock-now").textContent = clock.manual ? `Now ${clock.now}, a manual clock.` : `Now ${clock.now}, the system clock: start the server with --start-time to control time.`;
  $("clock-advance").hidden = !clock.manual;
}

async function loadSessions() {
  const { json } = await call("GET", "/sessions");
  const select = $("session");
  // Rebuilt only when something changed, so an open drop-down is not pulled from under a click.
  const signature = JSON.stringify(json.sessions);
  if (select.dataset.signature === signature) return;
  select.dataset.signature = signature;
  const chosen = select.value;
  select.replaceChildren(...json.sessions.map((s) => el("option", { value: s.id === null ? "" : s.id },
    `${s.id === null ? "default" : s.id} (${s.received} requests, ${s.misses} misses)`)));
  select.value = chosen;
}

async function loadHealth() {
  const { json } = await call("GET", "/health");
  $("health").textContent = `${json.fixtures} fixtures`;
}

/** Runs a change, then shows its effect. While it runs, the body's data-busy counts it, so a
 * test (or a person's second click) can wait for the page to settle. */
async function act(change) {
  document.body.dataset.busy = Number(document.body.dataset.busy || 0) + 1;
  try {
    await change();
    showError(null);
    await Promise.all([loadState(), pollJournal()]);
  } catch (error) { showError(error); } finally {
    document.body.dataset.busy = Number(document.body.dataset.busy) - 1;
  }
}

// MARK: wiring

for (const tab of document.querySelectorAll(".tab")) {
  tab.addEventListener("click", () => {
    for (const other of document.querySelectorAll(".tab")) other.classList.toggle("selected", other === tab);
    for (const panel of document.querySelectorAll(".panel")) panel.hidden = panel.id !== tab.dataset.tab;
    if (tab.dataset.tab === "coverage") act(loadCoverage);
    if (tab.dataset.tab === "state") act(async () => {});
  });
}
$("filter-provider").addEventListener("change", renderJournal);
$("filter-status").addEventListener("change", renderJournal);
$("session").addEventListener("change", () => {
  state.session = $("session").value;
  forgetJournal();
  act(async () => {});
});
$("advance").addEventListener("click", () => act(() => call("POST", "/clock", { advanceSeconds: Number($("advance-seconds").value) })));
$("remove-overrides").addEventListener("click", () => act(() => call("DELETE", "/overrides")));
$("reset").addEventListener("click", () => act(() => call("POST", "/reset")));

async function tick() {
  try {
    if ($("live").checked) await Promise.all([pollJournal(), loadSessions()]);
    showError(null);
  } catch (error) { showError(error); }
  setTimeout(tick, pollMilliseconds);
}

(async () => {
  await act(() => Promise.all([loadHealth(), loadCoverage()]));
  tick();
})();
